/** `/login/registerAccount` (spec §2 public routes): the account application page. */
export const REGISTER_ACCOUNT_PATH = '/login/registerAccount';
