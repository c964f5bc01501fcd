/**
 * Loaded on demand by the strength meter: the estimator and its dictionaries are large, so they
 * come only with the forms that set a password.
 */
export { checkPassword } from "@kunto/core/password";
