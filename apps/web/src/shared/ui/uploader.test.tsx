import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import { defineEndpoint } from '@andes/contract/common/define-endpoint';
import { optionalText } from '@andes/contract/common/fields';
import { attachmentFiles, type UploadedFile, UploadedFilesResponse } from '@andes/contract/common/uploads';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { formEntries, mockXhr } from '../../test/xhr-mock.ts';
import { i18n } from '../i18n/i18n.ts';
import { useAppStore } from '../store/app-store.ts';
import { Uploader, useUploadRequiredRule } from './uploader.tsx';

const attachmentUpload = defineEndpoint({
  path: '/dashboard/test-uploads/file/upload',
  summary: 'an attachment upload for the tests',
  permission: 'payment:payout:create',
  kind: 'multipart',
  files: attachmentFiles(),
  request: z.object({ remark: optionalText(32) }).strict(),
  response: UploadedFilesResponse,
});

const stored = (n: number, name: string, size = 4): UploadedFile => ({
  fileId: `f_${String(n).padStart(22, '0')}`,
  name,
  size,
  contentType: 'application/pdf',
});
const pdf = (name: string, size = 4) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const input = () => screen.getByTestId('uploader-input') as HTMLInputElement;
const user = () => userEvent.setup({ applyAccept: false });

beforeEach(() => {
  useAppStore.setState({ token: 'tok', language: 'en' });
});

function Controlled({ onChange, initial = [] }: { onChange?: (files: UploadedFile[]) => void; initial?: UploadedFile[] }) {
  const [files, setFiles] = useState<UploadedFile[]>(initial);
  return (
    <Uploader
      endpoint={attachmentUpload}
      value={files}
      fields={{ remark: 'receipts' }}
      onChange={(next) => {
        setFiles(next);
        onChange?.(next);
      }}
    />
  );
}

describe('Uploader', () => {
  it('uploads each file on its own with its progress bar, sending the token and the fields, and gives the stored files as its value', async () => {
    const requests = mockXhr();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    expect(screen.getByText('Up to 3 files, each at most 10 MB')).toBeTruthy();
    await user().upload(input(), [pdf('a.pdf'), pdf('b.pdf', 2048)]);

    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', attachmentUpload.path],
      ['POST', attachmentUpload.path],
    ]);
    expect(requests[0]?.headers.token).toBe('tok');
    expect(formEntries(requests[0]?.body)).toEqual([
      ['remark', 'receipts'],
      ['files', 'a.pdf'],
    ]);
    const bar = screen.getByRole('progressbar', { name: 'Uploading a.pdf' });
    act(() => requests[0]?.progress(512, 1024));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByRole('progressbar', { name: 'Uploading b.pdf' })).toBeTruthy();

    act(() => requests[0]?.respondEnvelope({ files: [stored(1, 'a.pdf')] }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([stored(1, 'a.pdf')]));
    expect(screen.queryByRole('progressbar', { name: 'Uploading a.pdf' })).toBeNull();
    act(() => requests[1]?.respondEnvelope({ files: [stored(2, 'b.pdf', 2048)] }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([stored(1, 'a.pdf'), stored(2, 'b.pdf', 2048)]));
    const list = screen.getByRole('list', { name: 'Uploaded files' });
    expect(within(list).getAllByText('Uploaded')).toHaveLength(2);
    expect(within(list).getByText('2 KB')).toBeTruthy();
  });

  it(`refuses a file over 10 MB (${ATTACHMENT_MAX_BYTES} + 1 bytes) with the uploadSizeExceed message, sending nothing`, async () => {
    const requests = mockXhr();
    render(<Controlled />);
    await user().upload(input(), [pdf('scan.pdf', ATTACHMENT_MAX_BYTES + 1), pdf('ok.pdf', ATTACHMENT_MAX_BYTES)]);
    expect(screen.getByRole('alert').textContent).toBe('scan.pdf: The file must not exceed 10 MB');
    expect(requests.map((r) => formEntries(r.body))).toEqual([
      [
        ['remark', 'receipts'],
        ['files', 'ok.pdf'],
      ],
    ]);
  });

  it('takes at most 3 files by default, then disables the button', async () => {
    const requests = mockXhr();
    render(<Controlled />);
    await user().upload(input(), [pdf('1.pdf'), pdf('2.pdf'), pdf('3.pdf'), pdf('4.pdf')]);
    expect(screen.getByRole('alert').textContent).toBe('4.pdf: At most 3 files can be added');
    expect(requests).toHaveLength(3);
    expect((screen.getByRole('button', { name: /Upload files/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s refusal on the failed file, and a retry sends it again', async () => {
    const requests = mockXhr();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user().upload(input(), [pdf('sneaky.pdf')]);
    act(() => requests[0]?.respondEnvelope(null, 200001, 'files: sneaky.pdf is not a file of an accepted type', 400));
    expect((await screen.findByRole('alert')).textContent).toBe('Upload failed: files: sneaky.pdf is not a file of an accepted type');
    expect(onChange).not.toHaveBeenCalled();

    await user().click(screen.getByRole('button', { name: 'Upload sneaky.pdf again' }));
    expect(requests).toHaveLength(2);
    expect(formEntries(requests[1]?.body)).toEqual([
      ['remark', 'receipts'],
      ['files', 'sneaky.pdf'],
    ]);
    act(() => requests[1]?.respondEnvelope({ files: [stored(3, 'sneaky.pdf')] }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([stored(3, 'sneaky.pdf')]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the network fails, and retries', async () => {
    const requests = mockXhr();
    render(<Controlled />);
    await user().upload(input(), [pdf('a.pdf')]);
    act(() => requests[0]?.fail());
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Upload failed: Network error/);
    await user().click(screen.getByRole('button', { name: 'Upload a.pdf again' }));
    expect(requests).toHaveLength(2);
  });

  it('removes a file: an uploaded one leaves the value, one still uploading is stopped', async () => {
    const requests = mockXhr();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} initial={[stored(9, 'kept.pdf')]} />);
    expect(screen.getByText('kept.pdf')).toBeTruthy();
    await user().upload(input(), [pdf('slow.pdf')]);
    await user().click(screen.getByRole('button', { name: 'Remove slow.pdf' }));
    expect(requests[0]?.aborted).toBe(true);
    expect(screen.queryByText('slow.pdf')).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Remove kept.pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([]));
  });

  it('is required in a form: "Please upload the attachment" until a file is uploaded', async () => {
    const requests = mockXhr();
    const onFinish = vi.fn();
    function Page() {
      const rule = useUploadRequiredRule();
      return (
        <Form onFinish={onFinish}>
          <Form.Item name="files" label="Proof" rules={[rule]}>
            <Uploader endpoint={attachmentUpload} />
          </Form.Item>
          <Button htmlType="submit">Submit</Button>
        </Form>
      );
    }
    render(<Page />);
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please upload the attachment')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    // The form's label points at the uploader's button.
    expect(screen.getByLabelText('Proof').textContent).toMatch(/Upload files/);

    await user().upload(input(), [pdf('proof.pdf')]);
    act(() => requests[0]?.respondEnvelope({ files: [stored(5, 'proof.pdf')] }));
    await waitFor(() => expect(screen.queryByText('Please upload the attachment')).toBeNull());
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ files: [stored(5, 'proof.pdf')] }));
  });

  it('speaks Chinese', async () => {
    mockXhr();
    await i18n.changeLanguage('zh-CN');
    render(<Controlled />);
    expect(screen.getByText('最多 3 个文件，每个不超过 10 MB')).toBeTruthy();
    await user().upload(input(), [pdf('大.pdf', ATTACHMENT_MAX_BYTES + 1)]);
    expect(screen.getByRole('alert').textContent).toBe('大.pdf：文件大小不能超过 10 MB');
  });
});
