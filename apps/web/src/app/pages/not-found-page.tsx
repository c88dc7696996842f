import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, LOGIN_FORM_PATH } from '../../shared/navigation/paths.ts';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate.ts';
import { useAppStore } from '../../shared/store/app-store.ts';
import { AntdProvider } from '../../shared/ui/antd-provider.tsx';

/** `/404`: unknown paths and screens the user may not open. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useAppNavigate();
  const signedIn = useAppStore((s) => s.token !== null);
  return (
    <AntdProvider>
      <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
        <Result
          status="404"
          title={t('notFoundTitle')}
          subTitle={t('notFoundText')}
          extra={
            <Button type="primary" onClick={() => navigate(signedIn ? HOME_PATH : LOGIN_FORM_PATH, { replace: true })}>
              {signedIn ? t('goHome') : t('goToSignIn')}
            </Button>
          }
        />
      </Flex>
    </AntdProvider>
  );
}
