import { Modal } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  /** A destructive action: the OK button is red. */
  danger?: boolean;
  /**
   * Runs on OK; the OK button spins until it settles, then the dialog closes. A failure was
   * already shown by the API client, so it is not rethrown.
   */
  onOk(): Promise<unknown> | undefined;
}

/**
 * Asks before an action (delete, disable, reset). Returns the function that opens the question
 * and the element to render once in the component (antd's themed, localised modal holder).
 */
export function useConfirm(): [confirm: (options: ConfirmOptions) => void, holder: ReactNode] {
  const { t } = useTranslation('common');
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    (options: ConfirmOptions) => {
      modal.confirm({
        title: options.title,
        content: options.content,
        okText: options.okText ?? t('ok'),
        cancelText: t('cancel'),
        okButtonProps: { danger: options.danger ?? false },
        autoFocusButton: 'cancel',
        onOk: async () => {
          try {
            await options.onOk();
          } catch {
            // The API client has shown the error; the question closes.
          }
        },
      });
    },
    [modal, t],
  );
  return [confirm, holder];
}
