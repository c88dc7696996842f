import { DownloadRecordPageRequest } from '@andes/contract/download-center/schemas';
import { listUrlOf } from '../../shared/list-screen/list-filters.ts';

/** The download center's URL: the state (radio tabs) and the report type; an unknown value is dropped. */
export const DOWNLOAD_LIST_URL = listUrlOf(DownloadRecordPageRequest, { state: 'text', reportType: 'text' });
