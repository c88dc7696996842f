import { UPLOAD_MESSAGES } from '@andes/contract/common/uploads';
import { CommonErrors } from '../../http/errors.ts';

/** Refusals of claiming uploaded files (the multipart pipeline refuses bad uploads itself). */
export const UploadErrors = {
  unknownFile: (fileId: string) => CommonErrors.notFound(`The uploaded file ${fileId}`),
  namedTwice: (fileId: string) => CommonErrors.validation([{ path: 'fileIds', message: `${fileId} is named twice` }]),
  tooManyClaimed: (maxFiles: number) => CommonErrors.validation([{ path: 'fileIds', message: UPLOAD_MESSAGES.tooMany(maxFiles) }]),
} as const;
