import type { AccountingRequestDetail } from '@andes/contract/accounting/schemas';
import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/auth/can.tsx';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { countdownOf } from '../accounting-form.ts';
import { KINDS } from '../accounting-kinds.ts';
import { QuoteCountdown } from './quote-countdown.tsx';

interface ContractPanelProps {
  request: AccountingRequestDetail;
  pending: boolean;
  onConfirm(rate: string): void;
}

/**
 * An exchange waiting for its contract (WAIT_CONFIRM_CONTRACT): the quoted rate, both amounts, and
 * the time left before the quote expires. Confirming sends the rate shown (a changed quote is
 * refused, never confirmed blind); once the time is up the button is disabled and the provider is
 * asked for a new rate (the page reloads the request by itself).
 */
export function ContractPanel({ request, pending, onConfirm }: ContractPanelProps) {
  const { t } = useTranslation('accounting');
  const now = useNow(1_000);
  const rate = request.exchangeRate;
  const expiresAt = request.rateExpiresAt;
  if (rate === null || expiresAt === null) return null;
  const left = countdownOf(expiresAt, now);
  const local = request.sellCurrency === 'USD' ? request.buyCurrency : request.sellCurrency;
  const allowed = request.actions.includes('CONFIRM_CONTRACT');
  return (
    <Card size="small" title={t('contract.title')} role="region" aria-label={t('contract.title')}>
      <Flex vertical gap={12}>
        <Descriptions
          column={{ xs: 1, sm: 1, md: 3 }}
          size="small"
          items={[
            {
              key: 'rate',
              label: t('field.exchangeRate'),
              children: <Typography.Text strong>{t('figures.rate', { rate, local: local ?? '' })}</Typography.Text>,
            },
            {
              key: 'sell',
              label: t('field.sellAmount'),
              children:
                request.sellAmount !== null && request.sellCurrency ? (
                  <Amount cents={request.sellAmount} currency={request.sellCurrency} style={{ fontWeight: 600 }} />
                ) : (
                  '--'
                ),
            },
            {
              key: 'buy',
              label: t('field.buyAmount'),
              children:
                request.buyAmount !== null && request.buyCurrency ? (
                  <Amount cents={request.buyAmount} currency={request.buyCurrency} style={{ fontWeight: 600 }} />
                ) : (
                  '--'
                ),
            },
          ]}
        />
        <Flex align="center" gap={12} wrap>
          <Typography.Text>{t('contract.timeLeft')}</Typography.Text>
          <QuoteCountdown left={left} />
        </Flex>
        {left.expired ? (
          <Alert type="warning" showIcon title={t('contract.expiredNewRate')} />
        ) : (
          <Typography.Text type="secondary">{t('contract.hint')}</Typography.Text>
        )}
        {allowed && (
          <Can permission={KINDS.EXCHANGE.proceed ?? KINDS.EXCHANGE.add}>
            <Flex>
              <Button type="primary" disabled={left.expired} loading={pending} onClick={() => onConfirm(rate)}>
                {t('action.confirmContractAt', { rate })}
              </Button>
            </Flex>
          </Can>
        )}
      </Flex>
    </Card>
  );
}
