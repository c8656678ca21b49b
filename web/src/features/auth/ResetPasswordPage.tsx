import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { errorMessage } from "../../app/api.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Messages, PASSWORD_MIN_LENGTH } from "../../app/messages.ts";
import { useConfirmPasswordResetMutation } from "./authApi.ts";
import { authModalOpened } from "./authSlice.ts";

/** /reset-password?token=…: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [confirm, { isLoading }] = useConfirmPasswordResetMutation();
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(Messages.weakPassword);
      return;
    }
    setError(null);
    const result = await confirm({ token, password });
    if (result.error) setError(errorMessage(result.error, Messages.somethingWrong));
    else setDone(true);
  };

  return (
    <section className="narrow card">
      <h1>Choose a new password</h1>
      {!token ? (
        <p role="alert">{Messages.resetLinkInvalid}</p>
      ) : done ? (
        <>
          <p role="status">{Messages.passwordChanged}</p>
          <button type="button" className="button primary" onClick={() => dispatch(authModalOpened("login"))}>
            Log in
          </button>
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <label htmlFor={inputId}>New password</label>
          <input
            id={inputId}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            autoFocus
          />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button primary" disabled={isLoading}>
            Set password
          </button>
        </form>
      )}
    </section>
  );
}
