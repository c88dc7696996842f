/** Router state `notice` the login form shows: the password was set through a reset link. */
export const PASSWORD_RESET_NOTICE = 'passwordReset';
