import { message } from 'antd';
import { useEffect } from 'react';
import { setNotifier } from '../api/notifier.ts';
import { AntdProvider } from './antd-provider.tsx';

function Host() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier({
      info: (text, { durationMs, key }) => void api.info({ content: text, duration: durationMs / 1_000, key }),
      success: (text) => void api.success(text),
      error: (text, options) => void api.error({ content: text, key: options?.key }),
    });
    return () => setNotifier(null);
  }, [api]);
  return holder;
}

/** antd's message outlet, themed and localised; loaded the first time a message is shown. */
export function MessageHost() {
  return (
    <AntdProvider>
      <Host />
    </AntdProvider>
  );
}
