import { utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { formatCents } from '@andes/contract/common/money';
import { payerAppendixDownload } from '@andes/contract/payment-link/endpoints';
import { PAYMENT_LINK_TOKEN_PATTERN, type PayerLink } from '@andes/contract/payment-link/schemas';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, type DescriptionsProps, Flex, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { call } from '../../../shared/api/client.ts';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { AntdProvider } from '../../../shared/ui/antd-provider.tsx';
import { CopyField } from '../../../shared/ui/copy-field.tsx';
import { saveFile } from '../../../shared/ui/download.ts';
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx';
import { usePayerLink, usePayerPay } from '../api/payment-link-calls.ts';
import { LinkQr } from '../components/link-qr.tsx';
import { usePaymentLinkText } from '../hooks/use-payment-link-text.ts';
import { payerTimeZone, relativePhrase, relativeTime } from '../payer-time.ts';

/** Answers that mean the link is not there: unknown, or a token that is not one. */
function isUnknownLink(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ResultCode.NOT_FOUND || error.code === ResultCode.VALIDATION_FAILED);
}

/**
 * `/pay/:token` (public; issue #15): a payment link as its payer sees it — merchant, amount,
 * description, expiry in the payer's own zone, product, installments, appendices, the page's QR
 * code — and "Pay" while it is active. After paying, the page asks again every 2 s until the
 * provider reports the payment (paid, or failed: try again). Paid, expired and cancelled links say
 * so; an unknown token says the link does not exist. No sign-in, no app shell.
 */
export function PayerPage() {
  const { t } = useTranslation('paymentLink');
  return (
    <AntdProvider>
      <Flex vertical style={{ minHeight: '100vh', background: '#f5f5f5' }}>
        <Flex component="header" justify="space-between" align="center" gap={12} style={{ padding: '12px 16px' }}>
          <Typography.Text strong>{t('payer.brand')}</Typography.Text>
          <LanguageSwitch />
        </Flex>
        <Flex component="main" vertical align="center" style={{ flex: 1, padding: '8px 12px 32px' }}>
          <div style={{ width: '100%', maxWidth: 560 }}>
            <PayerContent />
          </div>
        </Flex>
      </Flex>
    </AntdProvider>
  );
}

function PayerContent() {
  const { t } = useTranslation('paymentLink');
  const { t: tc } = useTranslation('common');
  const { token: raw } = useParams();
  const token = raw && PAYMENT_LINK_TOKEN_PATTERN.test(raw) ? raw : null;
  const query = usePayerLink(token);

  if (token === null || (query.isError && !query.data && isUnknownLink(query.error))) {
    return <Result status="404" title={<Heading>{t('payer.notFoundTitle')}</Heading>} subTitle={t('payer.notFoundText')} />;
  }
  if (query.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={tc('loading')} />
      </Flex>
    );
  }
  if (!query.data) {
    return (
      <Result
        status="warning"
        title={<Heading>{t('payer.loadFailed')}</Heading>}
        subTitle={errorMessage(query.error)}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {tc('retry')}
          </Button>
        }
      />
    );
  }
  return <PayerLinkView token={token} link={query.data} pollError={query.isError ? errorMessage(query.error) : null} />;
}

/** The page's one h1 (antd Result titles are not headings). */
function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}

function PayerLinkView({ token, link, pollError }: { token: string; link: PayerLink; pollError: string | null }) {
  const { t, i18n } = useTranslation('paymentLink');
  const text = usePaymentLinkText();
  const pay = usePayerPay(token);
  const now = useNow(30_000);
  const zone = payerTimeZone();
  const amount = formatCents(link.amount, link.currency);
  const relative = relativeTime(link.expiresAt, now.getTime());
  // The page's own address (what the QR code holds and the payer may copy).
  const { pathname } = useLocation();
  const pageUrl = new URL(pathname, window.location.origin).href;

  const download = (file: PayerLink['appendices'][number]) => {
    call(payerAppendixDownload, { token, fileId: file.fileId }).then(
      (answer) => saveFile(answer, file.name),
      (error: unknown) => notify.error(errorMessage(error)),
    );
  };

  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'amount', label: t('payer.amount'), children: <Typography.Text strong>{amount}</Typography.Text> },
    { key: 'description', label: t('payer.description'), children: link.description },
    { key: 'product', label: t('payer.product'), children: text.product(link.productType) },
    {
      key: 'expires',
      label: t('payer.expires'),
      children: (
        <Flex vertical>
          <span>
            <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt, zone)}</time> ({zone}, {utcOffsetLabel(zone)})
          </span>
          {link.status === 'ACTIVE' && relative && (
            <Typography.Text type="secondary">
              {t('payer.expiresIn', { relative: relativePhrase(relative, i18n.language) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    ...(link.installments
      ? [{ key: 'installments', label: t('payer.installments'), children: text.plan(link.installments, link.currency) }]
      : []),
    ...(link.appendices.length > 0
      ? [
          {
            key: 'appendices',
            label: t('payer.appendices'),
            children: (
              <Flex vertical align="flex-start" gap={4}>
                {link.appendices.map((file) => (
                  <Button
                    key={file.fileId}
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    icon={<DownloadOutlined aria-hidden />}
                    onClick={() => download(file)}
                  >
                    {t('payer.download', { name: file.name })}
                  </Button>
                ))}
              </Flex>
            ),
          },
        ]
      : []),
  ];

  const summary = <Descriptions column={1} size="small" items={items} />;
  const title = <Heading>{t('payer.title', { merchant: link.merchantName })}</Heading>;

  if (link.status !== 'ACTIVE') {
    const ended = {
      PAID: {
        status: 'success' as const,
        title: t('payer.paidTitle'),
        sub: link.paidAt
          ? t('payer.paidText', { time: `${formatDateTime(link.paidAt, zone)} (${utcOffsetLabel(zone)})` })
          : t('payer.paidTitle'),
      },
      EXPIRED: { status: 'info' as const, title: t('payer.expiredTitle'), sub: t('payer.expiredText', { merchant: link.merchantName }) },
      CANCELLED: {
        status: 'warning' as const,
        title: t('payer.cancelledTitle'),
        sub: t('payer.cancelledText', { merchant: link.merchantName }),
      },
    }[link.status];
    return (
      <Card>
        <Flex vertical gap={8}>
          {title}
          <Result status={ended.status} title={ended.title} subTitle={ended.sub} style={{ padding: '24px 0' }} />
          {summary}
        </Flex>
      </Card>
    );
  }

  const pending = link.payment === 'PENDING';
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          {title}
          {summary}
          {pollError && <Alert type="warning" showIcon role="alert" title={pollError} />}
          {pending ? (
            <Flex role="status" gap={12} align="center" style={{ padding: '8px 0' }}>
              <Spin />
              <Flex vertical>
                <Typography.Text strong>{t('payer.pending')}</Typography.Text>
                <Typography.Text type="secondary">{t('payer.pendingText')}</Typography.Text>
              </Flex>
            </Flex>
          ) : (
            <Flex vertical gap={8}>
              {link.payment === 'FAILED' && <Alert type="error" showIcon role="alert" title={t('payer.failed')} />}
              {pay.isError && <Alert type="error" showIcon role="alert" title={errorMessage(pay.error)} />}
              {link.simulated && <Alert type="info" showIcon title={t('payer.simulatedNote')} />}
              <Button type="primary" size="large" block loading={pay.isPending} onClick={() => pay.mutate()}>
                {link.simulated ? t('payer.paySimulated', { amount }) : t('payer.pay', { amount })}
              </Button>
            </Flex>
          )}
        </Flex>
      </Card>
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('payer.shareTitle')}
          </Typography.Title>
        }
      >
        <Flex vertical gap={12} align="stretch">
          <LinkQr value={pageUrl} label={t('payer.qrImage')} size={160} />
          <CopyField value={pageUrl} label={t('payer.pageAddress')} />
        </Flex>
      </Card>
    </Flex>
  );
}
