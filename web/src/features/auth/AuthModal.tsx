import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "../../app/api.ts";
import type { AuthReply } from "../../app/apiTypes.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { Modal } from "../../components/Modal.tsx";
import {
  useLoginMutation,
  useRegisterMutation,
  useReportLoginMutation,
  useReportRegisterMutation,
  useRequestPasswordResetMutation,
} from "./authApi.ts";
import { authModalClosed, authModalOpened, type AuthModal as Mode, selectAuthModal, signedIn } from "./authSlice.ts";
import { credentialsProblem } from "./credentials.ts";
import { REFERRER_KEY, takePreLoginUrl } from "./session.ts";

/** The login / register window, opened from anywhere through the auth slice. */
export function AuthModal() {
  const mode = useAppSelector(selectAuthModal);
  const dispatch = useAppDispatch();
  if (!mode) return null;
  // keyed so switching between login and register starts a clean form
  return <AuthForm key={mode} mode={mode} onClose={() => dispatch(authModalClosed())} />;
}

function AuthForm({ mode, onClose }: { mode: Mode; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [login] = useLoginMutation();
  const [register] = useRegisterMutation();
  const [reportLogin] = useReportLoginMutation();
  const [reportRegister] = useReportRegisterMutation();
  const [requestReset] = useRequestPasswordResetMutation();
  const ids = { name: useId(), email: useId(), password: useId(), emailProblem: useId() };
  const isLogin = mode === "login";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const problem = credentialsProblem(mode, email, password);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    const result = isLogin
      ? await login({ email: email.trim(), password })
      : await register({ email: email.trim(), password, displayName: displayName.trim() });
    if (result.error) {
      setBusy(false);
      setError(errorMessage(result.error, Messages.somethingWrong));
      return;
    }
    await finishSignIn(result.data);
  };

  const finishSignIn = async (session: AuthReply) => {
    // the token goes into the store first: the two calls below are authenticated
    dispatch(signedIn(session));
    const { uid, email: userEmail, displayName: name } = session.user;
    const currentUser = { uid, email: userEmail, displayName: name };
    if (isLogin) {
      await reportLogin({ currentUser });
    } else {
      const reported = await reportRegister({ currentUser, referrer: localStorage.getItem(REFERRER_KEY) });
      if (!reported.error) localStorage.removeItem(REFERRER_KEY);
    }
    dispatch(authModalClosed());
    navigate(takePreLoginUrl() ?? (isLogin ? "/dashboard" : "/dashboard/first"));
  };

  const forgotPassword = async () => {
    setError(null);
    setNotice(null);
    // the link goes to an address: without one, ask for it where it is typed
    if (email.trim() === "") {
      setEmailProblem(Messages.resetNeedsEmail);
      document.getElementById(ids.email)?.focus();
      return;
    }
    setEmailProblem(null);
    const result = await requestReset({ email: email.trim() });
    if (result.error) setError(errorMessage(result.error, Messages.somethingWrong));
    else setNotice(Messages.resetSent);
  };

  return (
    <Modal title={isLogin ? "Log in" : "Create your account"} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        {!isLogin && (
          <>
            <label htmlFor={ids.name}>Display name</label>
            <input
              id={ids.name}
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
              autoFocus
              autoComplete="nickname"
              maxLength={100}
            />
          </>
        )}
        <label htmlFor={ids.email}>Email</label>
        <input
          id={ids.email}
          type="email"
          value={email}
          onChange={(e) => {
            setEmailProblem(null);
            setEmail(e.target.value);
          }}
          autoComplete="email"
          autoFocus={isLogin}
          aria-invalid={emailProblem ? true : undefined}
          aria-describedby={emailProblem ? ids.emailProblem : undefined}
        />
        {emailProblem && (
          <p id={ids.emailProblem} className="field-error" role="alert">
            {emailProblem}
          </p>
        )}
        <label htmlFor={ids.password}>Password</label>
        <input
          id={ids.password}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete={isLogin ? "current-password" : "new-password"}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {notice && (
          <p className="form-notice" role="status">
            {notice}
          </p>
        )}
        <button type="submit" className="button primary wide" disabled={busy}>
          {isLogin ? "Log in" : "Register"}
        </button>
      </form>
      <div className="modal-footer">
        {isLogin ? (
          <>
            <button type="button" className="link" onClick={forgotPassword}>
              Forgot password?
            </button>
            <span>
              New here?{" "}
              <button type="button" className="link" onClick={() => dispatch(authModalOpened("register"))}>
                Create an account
              </button>
            </span>
          </>
        ) : (
          <span>
            Already have an account?{" "}
            <button type="button" className="link" onClick={() => dispatch(authModalOpened("login"))}>
              Log in instead
            </button>
          </span>
        )}
      </div>
    </Modal>
  );
}
