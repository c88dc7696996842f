import type { Country, Currency } from '@andes/contract/common/countries';
import { type CalendarDate, todayIn } from '@andes/contract/common/dates';
import { formatCents } from '@andes/contract/common/money';
import type { AccountingCalendar } from '@andes/contract/home/schemas';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Calendar, Descriptions, Flex, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { abbreviateCents } from '../../../shared/ui/amount-format.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useAccountingCalendar } from '../api/use-accounting-calendar.ts';
import { formatCount } from '../chart-options.ts';
import { calendarDays, monthOf, shiftMonth } from '../figures.ts';
import { QueryContent } from './section-card.tsx';

const DATE_FORMAT = 'YYYY-MM-DD';

/** Released money in the theme's success text colour, scheduled money in the brand blue (both readable as text). */
function useDayColors(): { released: string; scheduled: string } {
  const { token } = theme.useToken();
  return { released: token.colorSuccessText, scheduled: token.colorPrimary };
}

type Day = AccountingCalendar['days'][number];

/** "January 2026" / "2026年1月" of a `YYYY-MM` month. */
function monthName(month: string, language: string): string {
  const [year = 1970, mon = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(year, mon - 1, 1));
}

/** What a day cell shows: the released and scheduled amounts, abbreviated (dots on mobile). */
function DayCell({ day, currency, compact }: { day: Day; currency: Currency; compact: boolean }) {
  const { t } = useTranslation('home');
  const colors = useDayColors();
  if (compact) {
    return (
      <Flex gap={2} justify="center" aria-hidden="true">
        {day.released > 0 && <span style={{ width: 6, height: 6, borderRadius: 3, background: colors.released }} />}
        {day.scheduled > 0 && <span style={{ width: 6, height: 6, borderRadius: 3, background: colors.scheduled }} />}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={2} style={{ fontSize: 12 }} aria-hidden="true">
      {day.released > 0 && (
        <span style={{ color: colors.released }}>
          {t('calendar.releasedShort')} {abbreviateCents(day.released, currency, { symbol: false })}
        </span>
      )}
      {day.scheduled > 0 && (
        <span style={{ color: colors.scheduled }}>
          {t('calendar.scheduledShort')} {abbreviateCents(day.scheduled, currency, { symbol: false })}
        </span>
      )}
    </Flex>
  );
}

/**
 * Settled money released (made available) or scheduled per day of a month, in the country's
 * calendar. A day can be picked to read its exact figures; the month switches with the arrows.
 */
export function AccountingCalendarCard({ country, timeZone }: { country: Country; timeZone: string }) {
  const { t } = useTranslation('home');
  const [language] = useLanguage();
  const mobile = useIsMobile();
  const colors = useDayColors();
  const [selected, setSelected] = useState<CalendarDate>(() => todayIn(timeZone));
  const month = monthOf(selected);
  const query = useAccountingCalendar({ country, month });
  const name = monthName(month, language);
  const days = useMemo(() => (query.data ? calendarDays(query.data) : null), [query.data]);
  const go = (months: number) => setSelected(`${shiftMonth(month, months)}-01`);

  return (
    <section aria-label={t('calendar.title')}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('calendar.title')}
        </Typography.Title>
        <Flex align="center" gap={4}>
          <Button size="small" icon={<LeftOutlined />} aria-label={t('calendar.previous')} onClick={() => go(-1)} />
          <Typography.Text strong aria-live="polite" style={{ minWidth: 120, textAlign: 'center' }}>
            {name}
          </Typography.Text>
          <Button size="small" icon={<RightOutlined />} aria-label={t('calendar.next')} onClick={() => go(1)} />
        </Flex>
      </Flex>
      <QueryContent query={query} rows={8}>
        {(data) => {
          if (!days) return null;
          const selectedDay = days.byDate.get(selected);
          return (
            <>
              <Flex gap={16} wrap style={{ marginBottom: 8 }}>
                <Typography.Text>
                  <span style={{ color: colors.released }}>●</span> {t('calendar.released')}:{' '}
                  {formatCents(days.totals.released, data.currency)}
                </Typography.Text>
                <Typography.Text>
                  <span style={{ color: colors.scheduled }}>●</span> {t('calendar.scheduled')}:{' '}
                  {formatCents(days.totals.scheduled, data.currency)}
                </Typography.Text>
              </Flex>
              {days.byDate.size === 0 && (
                <Typography.Paragraph type="secondary">{t('calendar.empty', { month: name })}</Typography.Paragraph>
              )}
              <Calendar
                fullscreen={!mobile}
                value={dayjs(selected, DATE_FORMAT)}
                headerRender={() => null}
                onSelect={(date) => setSelected(date.format(DATE_FORMAT))}
                cellRender={(date, info) => {
                  if (info.type !== 'date') return info.originNode;
                  const day = days.byDate.get(date.format(DATE_FORMAT));
                  return day && date.format('YYYY-MM') === month ? <DayCell day={day} currency={data.currency} compact={mobile} /> : null;
                }}
              />
              <Descriptions
                size="small"
                column={mobile ? 1 : 3}
                title={selected}
                style={{ marginTop: 12 }}
                items={[
                  { key: 'released', label: t('calendar.released'), children: formatCents(selectedDay?.released ?? 0, data.currency) },
                  { key: 'scheduled', label: t('calendar.scheduled'), children: formatCents(selectedDay?.scheduled ?? 0, data.currency) },
                  { key: 'count', label: t('calendar.settlements'), children: formatCount(selectedDay?.count ?? 0) },
                ]}
              />
              <VisuallyHidden block>
                <table>
                  <caption>{t('calendar.caption', { month: name })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('col.date')}</th>
                      <th scope="col">{t('calendar.released')}</th>
                      <th scope="col">{t('calendar.scheduled')}</th>
                      <th scope="col">{t('calendar.settlements')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...days.byDate.values()].map((day) => (
                      <tr key={day.date}>
                        <td>{day.date}</td>
                        <td>{formatCents(day.released, data.currency)}</td>
                        <td>{formatCents(day.scheduled, data.currency)}</td>
                        <td>{formatCount(day.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </VisuallyHidden>
            </>
          );
        }}
      </QueryContent>
    </section>
  );
}
