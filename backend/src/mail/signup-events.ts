export const SIGNUP_EVENTS = Symbol('SIGNUP_EVENTS');

/** A free sign-up as the mail module hears of it. */
export interface SignUp {
  userId: number;
  email: string;
  /** This sign-up made the account. */
  created: boolean;
  /** The account has a password (its owner signs in with it; no sign-in link is mailed). */
  passwordSet: boolean;
}

/** Told about each free sign-up (the mail module sends the welcome with the sign-in link; never throws). */
export interface SignupEvents {
  signedUp(signUp: SignUp): Promise<void>;
}
