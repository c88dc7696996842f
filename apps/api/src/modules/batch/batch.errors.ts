import { BATCH_MESSAGES } from '@andes/contract/common/batch';
import { BATCH_UPLOAD_FIELD } from '@andes/contract/common/constants';
import { CommonErrors } from '../../http/errors.ts';

/** Refusals of a whole batch file: the validation error (200001) on the form field `file`, naming the file. */
const refuse = (message: string) => CommonErrors.validation([{ path: BATCH_UPLOAD_FIELD, message }]);

export const BatchErrors = {
  notXlsx: (name: string) => refuse(BATCH_MESSAGES.notXlsx(name)),
  unreadable: (name: string) => refuse(BATCH_MESSAGES.unreadable(name)),
  zipBomb: (name: string) => refuse(BATCH_MESSAGES.zipBomb(name)),
  tooManyEntries: (name: string) => refuse(BATCH_MESSAGES.tooManyEntries(name)),
  noSheet: (name: string) => refuse(BATCH_MESSAGES.noSheet(name)),
  missingColumns: (columns: readonly string[]) => refuse(BATCH_MESSAGES.missingColumns(columns)),
  noRows: () => refuse(BATCH_MESSAGES.noRows),
  tooManyRows: (max: number) => refuse(BATCH_MESSAGES.tooManyRows(max)),
} as const;
