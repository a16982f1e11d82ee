// The specification's account messages, word for word (sections 5 and 8).
export const accountMessages = {
  invalidEmail: "Please enter a valid email address",
  passwordRequired: "Please enter your password",
  nameRequired: "Please enter your name",
  passwordRules: "Password must be at least 8 characters and contain a number, an uppercase letter, and a lowercase letter",
  confirmationRequired: "Please enter the confirmation password",
  confirmationMismatch: "Confirmation password does not match",
  accountDisabled: "Account has been disabled",
  userNotFound: "User not found",
  incorrectPassword: "Incorrect password",
  notVerified: "Your account is not yet verified",
  generic: "Something went wrong, please try again later",
  emailInUse: "This email is already in use",
  weakPassword: "Please enter a strong password",
} as const;

export const REGISTRATION_SUCCESS_TITLE = "Congratulations – You are now a member";
