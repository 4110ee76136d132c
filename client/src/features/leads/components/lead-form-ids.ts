/** The email field's id, so that other parts of the landing page can bring the visitor to the form. */
export const LEAD_EMAIL_FIELD_ID = "lead-email";
