import {
  proofBrPixBexs,
  proofBrPixBs2,
  proofBrPixRendimento,
  proofCoBankTransfer,
  proofMxSpeiArcus,
  proofMxSpeiStp,
  proofMxSpeiUnipagos,
  proofPaymentLinkDefault,
  proofPaymentLinkGwm,
} from './endpoints.ts';
import type { ProofVariant } from './enums.ts';

/** The download call of each proof variant (request `{ id }`, a PDF back). */
export const PROOF_DOWNLOAD_ENDPOINTS = {
  'mx-spei-arcus': proofMxSpeiArcus,
  'mx-spei-unipagos': proofMxSpeiUnipagos,
  'mx-spei-stp': proofMxSpeiStp,
  'br-pix-bs2': proofBrPixBs2,
  'br-pix-bexs': proofBrPixBexs,
  'br-pix-rendimento': proofBrPixRendimento,
  'co-bank-transfer': proofCoBankTransfer,
  'payment-link-default': proofPaymentLinkDefault,
  'payment-link-gwm': proofPaymentLinkGwm,
} as const satisfies Record<ProofVariant, unknown>;
