import { ResultCode } from '@andes/contract/common/envelope';
import { accountApply } from '@andes/contract/onboarding/endpoints';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import type { PageLoader } from '../../../shared/routing/route-entry.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { REGISTER_ACCOUNT_PATH } from '../paths.ts';
import { loginPages } from '../routes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The /login pages this test needs, loaded through the feature's own lazy loaders. */
function renderLogin(path: string) {
  const lazyPage = (loader: PageLoader) => async () => ({ Component: (await loader()).default });
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        lazy: lazyPage(loginPages.layout),
        HydrateFallback: () => null,
        children: [
          { path: 'form', lazy: lazyPage(loginPages.form) },
          { path: 'registerAccount', lazy: lazyPage(loginPages.registerAccount) },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { location: () => router.state.location.pathname };
}

/** The text of the messages an element points to with aria-describedby. */
function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

async function fillApplication(user: UserEvent) {
  await user.type(await screen.findByLabelText('Company name'), '  Loja Azul Ltda ');
  await user.type(screen.getByLabelText('Contact name'), 'Marina Souza');
  await user.type(screen.getByLabelText('Work e-mail'), 'marina@lojaazul.com.br');
  await user.type(screen.getByLabelText('Phone (optional)'), '+55 11 91234-5678');
  await user.type(screen.getByLabelText('Website (optional)'), 'https://lojaazul.com.br');
  await user.click(screen.getByRole('checkbox', { name: 'Brazil' }));
  await user.click(screen.getByRole('checkbox', { name: 'Mexico' }));
  await user.click(screen.getByRole('checkbox', { name: 'Pay-in' }));
  await user.click(screen.getByRole('checkbox', { name: 'Marketplace' }));
  await user.click(screen.getByRole('radio', { name: 'US$10K to US$100K' }));
  await user.type(screen.getByLabelText('Message (optional)'), 'We sell shoes');
}

const submitButton = () => screen.getByRole('button', { name: 'Submit application' });

describe('account application page', () => {
  it('is linked from the login form', async () => {
    mockFetch({});
    const app = renderLogin('/login/form');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Apply for an account' }));
    await waitFor(() => expect(app.location()).toBe(REGISTER_ACCOUNT_PATH));
    expect(await screen.findByRole('heading', { name: 'Apply for a merchant account' })).toBeTruthy();
  });

  it('sends the application with a UUID requestId, then shows its number and what comes next', async () => {
    const requests = mockFetch({ [accountApply.path]: () => envelope({ applicationNumber: 'APP-000123' }) });
    const app = renderLogin(REGISTER_ACCOUNT_PATH);
    const user = userEvent.setup();
    await fillApplication(user);
    await user.click(submitButton());

    const done = await screen.findByRole('heading', { name: 'Application received' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.path).toBe(accountApply.path);
    expect(request?.headers.get('token')).toBeNull();
    expect(request?.body).toEqual({
      requestId: expect.stringMatching(UUID),
      companyName: 'Loja Azul Ltda',
      contactName: 'Marina Souza',
      email: 'marina@lojaazul.com.br',
      phone: '+55 11 91234-5678',
      website: 'https://lojaazul.com.br',
      countries: ['BR', 'MX'],
      products: ['payin', 'marketplace'],
      monthlyVolume: 'FROM_10K_TO_100K',
      message: 'We sell shoes',
    });

    expect(document.activeElement).toBe(done);
    expect(screen.getByRole('status').textContent).toBe(
      'Your application number: APP-000123We sent a confirmation to marina@lojaazul.com.br.',
    );
    expect(screen.getByText(/contact you within two business days/).textContent).toContain('application number');
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await waitFor(() => expect(app.location()).toBe('/login/form'));
  });

  it('retries with the same requestId after a network failure', async () => {
    let attempts = 0;
    const requests = mockFetch({
      [accountApply.path]: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return envelope({ applicationNumber: 'APP-000124' });
      },
    });
    renderLogin(REGISTER_ACCOUNT_PATH);
    const user = userEvent.setup();
    await fillApplication(user);
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Network error, please check your connection and try again.');

    await user.click(submitButton());
    expect(await screen.findByText('APP-000124')).toBeTruthy();
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((r: RecordedRequest) => r.body as { requestId: string });
    expect(first?.requestId).toMatch(UUID);
    expect(second).toEqual(first);
  });

  it('sends once on a double click and keeps the button disabled while sending', async () => {
    let answer: (response: Response) => void = () => {};
    const requests = mockFetch({
      [accountApply.path]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderLogin(REGISTER_ACCOUNT_PATH);
    const user = userEvent.setup();
    await fillApplication(user);
    await user.dblClick(submitButton());
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(true));
    expect(requests).toHaveLength(1);

    answer(envelope({ applicationNumber: 'APP-000125' }));
    expect(await screen.findByText('APP-000125')).toBeTruthy();
    expect(requests).toHaveLength(1);
  });

  it('names each missing or wrong field before sending anything, and focuses the first', async () => {
    const requests = mockFetch({});
    renderLogin(REGISTER_ACCOUNT_PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit application' }));

    const company = screen.getByLabelText('Company name');
    await waitFor(() => expect(document.activeElement).toBe(company));
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(company)).toBe('Please enter the company name');
    expect(descriptionOf(screen.getByLabelText('Contact name'))).toBe('Please enter a contact name');
    expect(descriptionOf(screen.getByLabelText('Work e-mail'))).toBe('Please enter your work e-mail');
    expect(descriptionOf(screen.getByRole('group', { name: 'Countries where you want to operate' }))).toBe('Choose at least one country');
    expect(descriptionOf(screen.getByRole('group', { name: 'Products you need' }))).toBe('Choose at least one product');
    expect(descriptionOf(screen.getByRole('group', { name: 'Expected monthly volume' }))).toBe('Choose the expected monthly volume');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please enter the company name',
      'Please enter a contact name',
      'Please enter your work e-mail',
      'Choose at least one country',
      'Choose at least one product',
      'Choose the expected monthly volume',
    ]);

    await user.type(company, 'Loja Azul');
    expect(company.getAttribute('aria-invalid')).toBe('false');
    await user.type(screen.getByLabelText('Work e-mail'), 'marina@');
    await user.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await user.click(submitButton());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Contact name')));
    expect(descriptionOf(screen.getByLabelText('Work e-mail'))).toBe('Please enter the correct email');
    expect(descriptionOf(screen.getByLabelText('Phone (optional)'))).toBe(
      'With the country code, for example +55 11 91234 5678 | Please enter a valid phone number',
    );
    expect(requests).toEqual([]);
  });

  it('puts the field errors of a server validation answer on their fields', async () => {
    const requests = mockFetch({
      [accountApply.path]: () =>
        envelope(
          {
            issues: [
              { path: 'email', message: 'This e-mail domain does not accept mail' },
              { path: 'website', message: 'Not a website' },
            ],
          },
          ResultCode.VALIDATION_FAILED,
          'Check the highlighted fields',
          { status: 400 },
        ),
    });
    renderLogin(REGISTER_ACCOUNT_PATH);
    const user = userEvent.setup();
    await fillApplication(user);
    await user.click(submitButton());

    const email = screen.getByLabelText('Work e-mail');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toBe('This e-mail domain does not accept mail');
    expect(descriptionOf(screen.getByLabelText('Website (optional)'))).toBe('Not a website');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['This e-mail domain does not accept mail', 'Not a website']);
    expect(requests).toHaveLength(1);

    // Fixing the field clears its error.
    await user.clear(email);
    await user.type(email, 'marina@lojaazul.com');
    expect(descriptionOf(email)).toBe('');
  });

  it('shows the server message when there were too many applications', async () => {
    mockFetch({
      [accountApply.path]: () =>
        envelope(null, ResultCode.RATE_LIMITED, 'Too many applications from your address, try again later', { status: 429 }),
    });
    renderLogin(REGISTER_ACCOUNT_PATH);
    const user = userEvent.setup();
    await fillApplication(user);
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many applications from your address, try again later');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('counts the characters of the message up to its limit', async () => {
    mockFetch({});
    renderLogin(REGISTER_ACCOUNT_PATH);
    const message = await screen.findByLabelText('Message (optional)');
    expect(descriptionOf(message)).toBe('0 / 1000 characters');
    await userEvent.setup().type(message, 'Hello');
    expect(descriptionOf(message)).toBe('5 / 1000 characters');
    expect(message.getAttribute('maxlength')).toBe('1000');
  });

  it('speaks Chinese, country names included', async () => {
    await i18n.changeLanguage('zh-CN');
    mockFetch({});
    renderLogin(REGISTER_ACCOUNT_PATH);
    expect(await screen.findByRole('heading', { name: '申请商户账户' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '巴西' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '代收' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '低于 1 万美元' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '提交申请' })).toBeTruthy();
  });
});
