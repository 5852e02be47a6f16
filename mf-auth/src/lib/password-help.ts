/** The hint under every new-password field of mf-auth: the rule of spec section 5 in plain words. */
export const PASSWORD_HELP = 'At least 8 characters, with at least one letter and one number.';
