/**
 * Plaid's error object and the errors the fake answers, worded as in plaid.com/docs/errors (item,
 * invalid-input and invalid-request pages): {error_type, error_code, error_message, display_message,
 * request_id}, HTTP 400 for caller and item errors, 404 for an unknown endpoint.
 */

export class PlaidApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly displayMessage: string | null = null,
  ) {
    super(message);
  }

  /** as in an API answer */
  body(requestId: string) {
    return {
      display_message: this.displayMessage,
      error_code: this.code,
      error_message: this.message,
      error_type: this.type,
      request_id: requestId,
    };
  }

  /** as inside an item (/item/get) or an ITEM: ERROR webhook */
  asItemError() {
    return {
      display_message: this.displayMessage,
      error_code: this.code,
      error_message: this.message,
      error_type: this.type,
      status: this.status,
    };
  }

  static loginRequired(): PlaidApiError {
    return new PlaidApiError(
      400,
      "ITEM_ERROR",
      "ITEM_LOGIN_REQUIRED",
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    );
  }
}

export const invalidInput = (code: string, message: string) => new PlaidApiError(400, "INVALID_INPUT", code, message);
export const invalidField = (message: string) => new PlaidApiError(400, "INVALID_REQUEST", "INVALID_FIELD", message);
