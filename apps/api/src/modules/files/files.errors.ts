import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import { CommonErrors } from '../../http/errors.ts';

/** Refusals of the file store. */
export const FileErrors = {
  tooLarge: (name: string, size: number) =>
    CommonErrors.validation([
      { path: 'file', message: `${name} is ${size} bytes; a single attachment must not exceed 10 MB (${ATTACHMENT_MAX_BYTES} bytes)` },
    ]),
} as const;
