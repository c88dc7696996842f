import type { Country } from '@andes/contract/common/countries';
import type { Product } from '@andes/contract/common/enums';
import type { MonthlyVolumeBand } from '@andes/contract/onboarding/schemas';
import { expect, type Locator, type Page } from '@playwright/test';

/** What the applicant types and picks; the optional fields may be left out. */
export interface AccountApplication {
  companyName: string;
  contactName: string;
  email: string;
  phone?: string;
  website?: string;
  countries: readonly Country[];
  products: readonly Product[];
  monthlyVolume: MonthlyVolumeBand;
  message?: string;
}

/** Country checkbox labels, in English and Chinese. */
const COUNTRY_LABEL: Readonly<Record<Country, RegExp>> = {
  US: /^(United States|美国)$/,
  BR: /^(Brazil|巴西)$/,
  MX: /^(Mexico|墨西哥)$/,
  CO: /^(Colombia|哥伦比亚)$/,
  CL: /^(Chile|智利)$/,
  PE: /^(Peru|秘鲁)$/,
  ZA: /^(South Africa|南非)$/,
};

const PRODUCT_LABEL: Readonly<Record<Product, RegExp>> = {
  payin: /^(Pay-in|代收)$/,
  payout: /^(Payout|代付)$/,
  marketplace: /^(Marketplace|市场订单)$/,
};

const VOLUME_LABEL: Readonly<Record<MonthlyVolumeBand, RegExp>> = {
  UNDER_10K: /^(Under US\$10K|低于 1 万美元)$/,
  FROM_10K_TO_100K: /^(US\$10K to US\$100K|1 万至 10 万美元)$/,
  FROM_100K_TO_1M: /^(US\$100K to US\$1M|10 万至 100 万美元)$/,
  OVER_1M: /^(Over US\$1M|超过 100 万美元)$/,
};

/** `/login/registerAccount`: the merchant account application and its confirmation. */
export class RegisterAccountPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/login/registerAccount');
    await expect(this.companyName).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get companyName(): Locator {
    return this.page.getByLabel(/^(Company name|公司名称)$/);
  }
  get contactName(): Locator {
    return this.page.getByLabel(/^(Contact name|联系人姓名)$/);
  }
  get email(): Locator {
    return this.page.getByLabel(/^(Work e-mail|工作邮箱)$/);
  }
  get phone(): Locator {
    return this.page.getByLabel(/^(Phone|电话) ?[(（](optional|选填)[)）]$/);
  }
  get website(): Locator {
    return this.page.getByLabel(/^(Website|网站) ?[(（](optional|选填)[)）]$/);
  }
  get message(): Locator {
    return this.page.getByLabel(/^(Message|留言) ?[(（](optional|选填)[)）]$/);
  }
  country(country: Country): Locator {
    return this.page.getByRole('checkbox', { name: COUNTRY_LABEL[country] });
  }
  product(product: Product): Locator {
    return this.page.getByRole('checkbox', { name: PRODUCT_LABEL[product] });
  }
  monthlyVolume(band: MonthlyVolumeBand): Locator {
    return this.page.getByRole('radio', { name: VOLUME_LABEL[band] });
  }
  get submitButton(): Locator {
    return this.page.getByRole('button', { name: /^(Submit application|提交申请)$/ });
  }
  /** Field errors and the message under the form (a refusal such as too many applications). */
  get errors(): Locator {
    return this.page.getByRole('alert');
  }
  /** The confirmation: application number and where it was mailed. */
  get confirmation(): Locator {
    return this.page.getByRole('status');
  }
  get backToSignIn(): Locator {
    return this.page.getByRole('link', { name: /^(Back to sign in|返回登录)$/ });
  }

  async fill(application: AccountApplication): Promise<void> {
    await this.companyName.fill(application.companyName);
    await this.contactName.fill(application.contactName);
    await this.email.fill(application.email);
    if (application.phone !== undefined) await this.phone.fill(application.phone);
    if (application.website !== undefined) await this.website.fill(application.website);
    for (const country of application.countries) await this.country(country).check();
    for (const product of application.products) await this.product(product).check();
    await this.monthlyVolume(application.monthlyVolume).check();
    if (application.message !== undefined) await this.message.fill(application.message);
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }

  /** Fills in and sends the application; resolves with the application number shown, like `APP-000123`. */
  async apply(application: AccountApplication): Promise<string> {
    await this.fill(application);
    await this.submit();
    await expect(this.confirmation).toBeVisible();
    const number = /APP-\d+/.exec((await this.confirmation.textContent()) ?? '')?.[0];
    if (!number) throw new Error('the confirmation shows no application number');
    return number;
  }
}
