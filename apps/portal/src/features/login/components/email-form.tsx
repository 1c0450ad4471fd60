import type { StoreConfig } from '@return-center/contract';
import { Code } from '@return-center/contract/zod-free';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session-store';
import { useUi } from '../../../shared/ui-store';
import { Field } from '../../../shared/ui/field';
import { useLogin } from '../api/login';
import { useSendCode } from '../api/send-code';
import { inputRules } from './input-rules';
import { useCountdown } from './use-countdown';

interface Props {
  config: StoreConfig;
  initialEmail: string;
  onSignedIn: (token: string, login: { email: string; order_number: string }) => void;
}

/** Email plus a code mailed to it. */
export function EmailForm({ config, initialEmail, onSignedIn }: Props) {
  const { t } = useTranslation();
  const toast = useUi((state) => state.toast);
  const language = useSession((state) => state.language);
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [resendIn, startCountdown] = useCountdown();
  const sendCode = useSendCode();
  const login = useLogin();
  const emailError = config.text.email_address_error_tips || t('login.errors.email');
  const codeError = config.text.verification_code_error_tips || t('login.errors.code');

  async function send() {
    const rules = await inputRules();
    if (!rules) return;
    if (!rules.isEmail(email)) {
      setErrors({ email: emailError });
      return;
    }
    setErrors({});
    const answer = await sendCode
      .run({ email: email.trim(), shop_url: config.shop_url, lang: language })
      .catch(() => null);
    if (!answer) return;
    if (answer.code === Code.Success) {
      toast(t('login.codeSent'), { kind: 'success', key: 'code-sent' });
      startCountdown(60);
    } else setErrors({ email: answer.code === Code.InvalidInput ? emailError : answer.msg });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const rules = await inputRules();
    if (!rules) return;
    const next = {
      email: rules.isEmail(email) ? undefined : emailError,
      code: rules.isVerificationCode(code) ? undefined : codeError,
    };
    setErrors(next);
    if (next.email || next.code) return;
    const answer = await login
      .run({
        email: email.trim(),
        code: code.trim(),
        shop_url: config.shop_url,
        origin: window.location.origin,
      })
      .catch(() => null);
    if (!answer) return;
    if (answer.code === Code.Success) onSignedIn(answer.data.token, { email: email.trim(), order_number: '' });
    else setErrors({ code: answer.code === Code.InvalidVerificationCode ? codeError : answer.msg });
  }

  return (
    <form className="rc-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={config.text.email_address || t('login.emailAddress')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <div className="rc-code-row">
        <Field
          label={config.text.verification_code || t('login.verificationCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code}
        />
        <button
          type="button"
          className="rc-button rc-button--secondary"
          onClick={() => void send()}
          disabled={resendIn > 0 || sendCode.isPending}
        >
          {resendIn > 0 ? t('login.resendIn', { seconds: resendIn }) : t('login.sendCode')}
        </button>
      </div>
      <button className="rc-button" type="submit" disabled={login.isPending} aria-busy={login.isPending}>
        {config.text.confirm_button_name || t('login.confirm')}
      </button>
      {config.text.bottom_description ? <p className="rc-note">{config.text.bottom_description}</p> : null}
    </form>
  );
}
