import type { IpInputError, IpListParse } from '@andes/contract/common/ip';
import type { IpTrustlistEditResponse } from '@andes/contract/ip-trustlist/schemas';
import { Alert, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** An input error in the person's language (`ip:error.<code>` with the contract's params). */
export function ipErrorText(t: TFunction<'ip'>, error: IpInputError): string {
  const { max, count, network, ipv4, ipv6 } = error.params;
  return t(`error.${error.code}`, { max, count, network, ipv4, ipv6 });
}

/** What the typed list holds that is wrong, repeated or overlapping, entry by entry. */
export function inputFindings(t: TFunction<'ip'>, parse: IpListParse): { errors: string[]; notes: string[] } {
  const errors = parse.errors.map((error) => {
    const message = ipErrorText(t, error);
    if (error.position === null) return message;
    return error.input === ''
      ? t('entryErrorNoInput', { position: error.position, message })
      : t('entryError', { position: error.position, input: error.input, message });
  });
  const notes = [
    ...parse.duplicates.map((d) => t('duplicateInInput', { position: d.position, input: d.input, first: d.firstPosition })),
    ...parse.overlaps.map((o) =>
      t(`overlap.${o.relation}.input`, { position: o.position, value: o.value, other: o.otherPosition, otherValue: o.otherValue }),
    ),
  ];
  return { errors, notes };
}

/** What the server's dry run says saving would skip (already there) or find overlapping. */
export function serverFindings(t: TFunction<'ip'>, answer: IpTrustlistEditResponse): string[] {
  return [
    ...answer.duplicates.map((d) =>
      d.existingId !== null
        ? t('duplicateExisting', { position: d.position, input: d.input })
        : t('duplicateInInput', { position: d.position, input: d.input, first: d.firstPosition ?? 0 }),
    ),
    ...answer.overlaps.map((o) =>
      o.otherPosition === null
        ? t(`overlap.${o.relation}.existing`, { position: o.position, value: o.value, otherValue: o.otherValue })
        : t(`overlap.${o.relation}.input`, { position: o.position, value: o.value, other: o.otherPosition, otherValue: o.otherValue }),
    ),
  ];
}

/** A list of findings under a heading, as an alert of the given kind. */
export function FindingList({ type, title, items }: { type: 'error' | 'warning' | 'info'; title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <Alert
      type={type}
      showIcon
      role={type === 'error' ? 'alert' : 'status'}
      title={title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {items.map((item) => (
            <li key={item}>
              <Typography.Text>{item}</Typography.Text>
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** Hook form of the translator, for components. */
export function useIpT(): TFunction<'ip'> {
  return useTranslation('ip').t;
}
