import type { UploadedFile } from '@andes/contract/common/uploads';
import { FileList } from '../../../shared/ui/file-list.tsx';
import { caseFileBlob, saveCaseFile, supportKeys } from '../api/support-calls.ts';

/** Files of a case or of one of its replies: images previewed, every file downloadable. */
export function CaseFiles({ caseId, files, empty }: { caseId: number; files: readonly UploadedFile[]; empty?: string }) {
  return (
    <FileList
      files={files}
      queryKey={supportKeys.files(caseId)}
      loadBlob={(file) => caseFileBlob(caseId, file.fileId)}
      download={(file) => saveCaseFile(caseId, file.fileId, file.name)}
      {...(empty === undefined ? {} : { empty })}
    />
  );
}
