/**
 * One password policy everywhere (DECISIONS.md "Identity", ASVS 5 V6.2 / NIST 800-63B-4):
 * 12..256 characters, no composition rules, refused when guessable. The estimator itself is in
 * `@kunto/core/password` (its dictionaries are large; the web client loads them lazily).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn score (0..4) below which a password is refused as common or guessable. */
export const PASSWORD_MIN_SCORE = 3;

/**
 * NIST SP 800-63B-4 (issue 6.5): a password is compared in its NFKC form, so the same password typed
 * on two keyboards (composed or decomposed accents, full-width digits) is one password.
 */
export const normalisePassword = (password: string) => password.normalize("NFKC");
/** Length in code points of the normalised password, not UTF-16 units: an emoji is one character. */
export const passwordLength = (password: string) => [...normalisePassword(password)].length;
