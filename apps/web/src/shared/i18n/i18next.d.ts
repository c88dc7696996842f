import 'i18next';
import type accounting from '../../locales/en/accounting.json';
import type activity from '../../locales/en/activity.json';
import type auth from '../../locales/en/auth.json';
import type balanceAlarm from '../../locales/en/balanceAlarm.json';
import type chargeback from '../../locales/en/chargeback.json';
import type common from '../../locales/en/common.json';
import type downloadCenter from '../../locales/en/downloadCenter.json';
import type exportStrings from '../../locales/en/export.json';
import type finance from '../../locales/en/finance.json';
import type globalBalance from '../../locales/en/globalBalance.json';
import type home from '../../locales/en/home.json';
import type iam from '../../locales/en/iam.json';
import type ip from '../../locales/en/ip.json';
import type layout from '../../locales/en/layout.json';
import type message from '../../locales/en/message.json';
import type mfa from '../../locales/en/mfa.json';
import type paymentLink from '../../locales/en/paymentLink.json';
import type payout from '../../locales/en/payout.json';
import type permissions from '../../locales/en/permissions.json';
import type product from '../../locales/en/product.json';
import type revenueAssurance from '../../locales/en/revenueAssurance.json';
import type risk from '../../locales/en/risk.json';
import type subMerchant from '../../locales/en/subMerchant.json';
import type support from '../../locales/en/support.json';
import type transactions from '../../locales/en/transactions.json';
import type upload from '../../locales/en/upload.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    nsSeparator: false;
    keySeparator: false;
    returnNull: false;
    resources: {
      common: typeof common;
      layout: typeof layout;
      permissions: typeof permissions;
      auth: typeof auth;
      home: typeof home;
      mfa: typeof mfa;
      iam: typeof iam;
      activity: typeof activity;
      ip: typeof ip;
      globalBalance: typeof globalBalance;
      transactions: typeof transactions;
      downloadCenter: typeof downloadCenter;
      upload: typeof upload;
      payout: typeof payout;
      export: typeof exportStrings;
      finance: typeof finance;
      subMerchant: typeof subMerchant;
      accounting: typeof accounting;
      chargeback: typeof chargeback;
      risk: typeof risk;
      revenueAssurance: typeof revenueAssurance;
      support: typeof support;
      message: typeof message;
      balanceAlarm: typeof balanceAlarm;
      product: typeof product;
      paymentLink: typeof paymentLink;
    };
  }
}
