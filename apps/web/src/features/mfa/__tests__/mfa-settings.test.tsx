import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { mfaActivate, mfaClose, mfaOpen, mfaRecoveryCodesRegenerate, mfaStatus } from '@andes/contract/mfa/endpoints';
import type { MfaStatus } from '@andes/contract/mfa/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const CODES = [
  '7K3QX-M9D2A',
  'AB12C-DE34F',
  '0000A-1111B',
  '2222C-3333D',
  '4444E-5555F',
  '6666G-7777H',
  '8888J-9999K',
  'AAAAM-BBBBN',
  'CCCCP-DDDDQ',
  'EEEER-FFFFS',
];
const binding = {
  otpauthUri: 'otpauth://totp/Andes:demo.finance?secret=JBSWY3DPEHPK3PXP&issuer=Andes&algorithm=SHA1&digits=6&period=30',
  qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'JBSWY3DPEHPK3PXP',
  issuer: 'Andes',
  accountName: 'demo.finance',
  expiresAt: '2026-01-15T12:10:00.000Z',
};

function signedIn(status: MfaStatus, extra: Record<string, (r: RecordedRequest) => Response> = {}) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(['home'])),
    [mfaStatus.path]: () => envelope(status),
    ...extra,
  });
}

async function openSettings(user = userEvent.setup()) {
  await user.click(await screen.findByRole('button', { name: demoUser.displayName }));
  await user.click(await screen.findByText('Two-factor authentication'));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Two-factor authentication' }) };
}

describe('binding dialog', () => {
  it('walks the three steps, refuses a wrong activation code and shows the recovery codes once', async () => {
    const activations = [{ activated: false }, { activated: true, recoveryCodes: CODES }];
    const requests = signedIn(
      { enabled: false, boundAt: null, recoveryCodesLeft: 0 },
      {
        [mfaOpen.path]: () => envelope(binding),
        [mfaActivate.path]: () => envelope(activations.shift()),
      },
    );
    renderApp('/home');
    const { user, dialog } = await openSettings();
    expect(await within(dialog).findByText('Off')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const bind = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' });
    const apps = within(bind).getByRole('list', { name: 'Authenticator apps' });
    expect(within(apps).getByText('Google Authenticator')).toBeTruthy();
    expect(within(bind).queryAllByRole('link')).toEqual([]);
    expect(requests.some((r) => r.path === mfaOpen.path)).toBe(false);

    await user.click(within(bind).getByRole('button', { name: 'Next' }));
    const qr = (await within(bind).findByRole('img', { name: 'QR code to add Andes to your authenticator app' })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(binding.qrCodeDataUrl);
    expect((within(bind).getByLabelText('Setup key') as HTMLInputElement).value).toBe('JBSWY3DPEHPK3PXP');

    await user.click(within(bind).getByRole('button', { name: 'Next' }));
    await user.click(within(bind).getByRole('button', { name: 'Back' }));
    expect(await within(bind).findByLabelText('Setup key')).toBeTruthy();
    expect(requests.filter((r) => r.path === mfaOpen.path)).toHaveLength(1);
    await user.click(within(bind).getByRole('button', { name: 'Next' }));

    await user.type(within(bind).getByLabelText('Activation code'), '111111');
    expect((await within(bind).findByRole('alert')).textContent).toBe('Activate MFA failed!');
    const loadsBefore = requests.filter((r) => r.path === permissionLoad.path).length;
    await user.type(within(bind).getByLabelText('Activation code'), '222 222');
    const list = await within(bind).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(requests.filter((r) => r.path === mfaActivate.path).map((r) => r.body)).toEqual([
      { authCode: '111111' },
      { authCode: '222222' },
    ]);

    const done = within(bind).getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    expect(within(bind).queryByRole('button', { name: /close/i })).toBeNull();
    await user.click(within(bind).getByRole('checkbox', { name: 'I have saved these codes' }));
    expect(done.disabled).toBe(false);
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Turn on two-factor authentication' })).toBeNull());
    // mfaOpenState of the permission load changed: it is fetched again
    expect(requests.filter((r) => r.path === permissionLoad.path).length).toBeGreaterThan(loadsBefore);
  });

  it('copies and downloads the recovery codes', async () => {
    // user-event installs its own clipboard: set it up before spying on it
    const setup = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    signedIn(
      { enabled: true, boundAt: '2026-01-10T15:00:00.000Z', recoveryCodesLeft: 2 },
      {
        [mfaRecoveryCodesRegenerate.path]: () => envelope({ authResult: true, recoveryCodes: CODES }),
      },
    );
    renderApp('/home');
    const { user, dialog } = await openSettings(setup);
    expect(await within(dialog).findByText('On')).toBeTruthy();
    expect(within(dialog).getByText('2026-01-10 12:00:00 (UTC-3)')).toBeTruthy();
    expect(within(dialog).getByText('Few recovery codes are left: issue new ones.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'New recovery codes' }));
    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    await within(dialog).findByRole('list', { name: 'Recovery codes' });

    await user.click(within(dialog).getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Download as .txt' }));
    expect(downloads).toEqual(['andes-recovery-codes.txt']);
    const text = await (saved as unknown as Blob).text();
    expect(text).toBe(`Andes recovery codes for demo.finance. Each code works once.\n\n${CODES.join('\n')}\n`);
  });
});

describe('MFA settings', () => {
  it('turns MFA off only with a right code', async () => {
    const answers = [false, true];
    const requests = signedIn(
      { enabled: true, boundAt: '2026-01-10T15:00:00.000Z', recoveryCodesLeft: 8 },
      {
        [mfaClose.path]: () => envelope({ authResult: answers.shift() ?? false }),
      },
    );
    renderApp('/home');
    const { user, dialog } = await openSettings();
    await user.click(await within(dialog).findByRole('button', { name: 'Turn off' }));
    await user.type(within(dialog).getByLabelText('Verification code'), '999999');
    expect((await within(dialog).findByText('The verification code is incorrect!')).getAttribute('role')).toBe('alert');
    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    expect(await screen.findByText('Two-factor authentication is off')).toBeTruthy();
    expect(requests.filter((r) => r.path === mfaClose.path).map((r) => r.body)).toEqual([{ authCode: '999999' }, { authCode: '123456' }]);
    await waitFor(() => expect(requests.filter((r) => r.path === mfaStatus.path).length).toBeGreaterThan(1));
  });
});
