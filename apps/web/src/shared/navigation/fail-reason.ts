/**
 * The transaction lists' fail-reason filter text for failures the platform gave no reason for
 * (revenue assurance counts them under the reason ''; docs/decisions/0031 "Screens"): an empty
 * filter means "no filter", so the URL and the chip say `(none)` and the request sends ''.
 */
export const NO_FAIL_REASON = '(none)';
