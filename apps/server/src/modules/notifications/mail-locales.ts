/** Email wording per locale; English is the fallback for any key or locale not listed. */
export const mailTexts = {
  en: {
    codeSubject: 'Your verification code for {store}',
    codeIntro: 'Use this code to sign in to the {store} return center:',
    codeExpiry: 'The code expires in {minutes} minutes and can be used once.',
    codeIgnore: "If you didn't ask for it, you can ignore this email.",
  },
  fr: {
    codeSubject: 'Votre code de vérification pour {store}',
    codeIntro: 'Utilisez ce code pour vous connecter au centre de retours de {store} :',
    codeExpiry: 'Le code expire dans {minutes} minutes et ne peut être utilisé qu’une fois.',
    codeIgnore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  },
  de: {
    codeSubject: 'Ihr Bestätigungscode für {store}',
    codeIntro: 'Mit diesem Code melden Sie sich im Retourenportal von {store} an:',
    codeExpiry: 'Der Code läuft in {minutes} Minuten ab und gilt nur einmal.',
    codeIgnore: 'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
  },
  es: {
    codeSubject: 'Tu código de verificación para {store}',
    codeIntro: 'Usa este código para acceder al centro de devoluciones de {store}:',
    codeExpiry: 'El código caduca en {minutes} minutos y solo se puede usar una vez.',
    codeIgnore: 'Si no lo has solicitado, ignora este correo.',
  },
} as const;

export type MailTextKey = keyof (typeof mailTexts)['en'];

export function mailText(lang: string, key: MailTextKey, vars: Record<string, string | number>): string {
  const table = (mailTexts as Record<string, Partial<Record<MailTextKey, string>>>)[lang] ?? mailTexts.en;
  const template = table[key] ?? mailTexts.en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
