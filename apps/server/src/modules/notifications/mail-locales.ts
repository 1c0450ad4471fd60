/** Email wording per locale; English is the fallback for any key or locale not listed. */
export const mailTexts = {
  en: {
    submittedSubject: 'We received your return request {rma}',
    submittedBody:
      'Thanks! Your return request {rma} for order {order} is pending review. We will email you when it is approved.',
    approvedSubject: 'Your return {rma} is approved',
    approvedBody: 'Good news: your return {rma} for order {order} is approved. Complete the return as shown below.',
    approvedLabel: 'Download your return label',
    approvedSlip: 'Download the packing slip',
    rejectedSubject: 'Your return {rma} was not approved',
    rejectedBody: 'Sorry, your return request {rma} for order {order} was not approved. Reason: {reason}',
    receivedSubject: 'We received your returned items ({rma})',
    receivedBody: 'Your returned items for {rma} have arrived. We will process your refund shortly.',
    refundedSubject: 'Your refund for {rma} is on its way',
    refundedBody: 'We refunded {amount} for return {rma}. It arrives within 10 business days.',
    refundedCode: 'Your code: {code}',
    resolvedSubject: 'Your return {rma} is complete',
    resolvedBody: 'Your return {rma} for order {order} is complete.',
    viewStatus: 'View your return',
    codeSubject: 'Your verification code for {store}',
    codeIntro: 'Use this code to sign in to the {store} return center:',
    codeExpiry: 'The code expires in {minutes} minutes and can be used once.',
    codeIgnore: "If you didn't ask for it, you can ignore this email.",
  },
  fr: {
    submittedSubject: 'Nous avons reçu votre demande de retour {rma}',
    submittedBody: 'Merci ! Votre demande de retour {rma} pour la commande {order} est en cours d’examen.',
    approvedSubject: 'Votre retour {rma} est approuvé',
    approvedBody: 'Bonne nouvelle : votre retour {rma} pour la commande {order} est approuvé.',
    rejectedSubject: 'Votre retour {rma} n’a pas été approuvé',
    rejectedBody:
      'Désolé, votre demande de retour {rma} pour la commande {order} n’a pas été approuvée. Motif : {reason}',
    refundedSubject: 'Votre remboursement pour {rma} est en route',
    refundedBody: 'Nous avons remboursé {amount} pour le retour {rma}.',
    codeSubject: 'Votre code de vérification pour {store}',
    codeIntro: 'Utilisez ce code pour vous connecter au centre de retours de {store} :',
    codeExpiry: 'Le code expire dans {minutes} minutes et ne peut être utilisé qu’une fois.',
    codeIgnore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  },
  de: {
    submittedSubject: 'Wir haben Ihre Rücksendeanfrage {rma} erhalten',
    submittedBody: 'Danke! Ihre Rücksendeanfrage {rma} für Bestellung {order} wird geprüft.',
    approvedSubject: 'Ihre Rücksendung {rma} ist genehmigt',
    approvedBody: 'Gute Nachricht: Ihre Rücksendung {rma} für Bestellung {order} ist genehmigt.',
    rejectedSubject: 'Ihre Rücksendung {rma} wurde nicht genehmigt',
    rejectedBody: 'Leider wurde Ihre Rücksendeanfrage {rma} für Bestellung {order} nicht genehmigt. Grund: {reason}',
    refundedSubject: 'Ihre Erstattung für {rma} ist unterwegs',
    refundedBody: 'Wir haben {amount} für die Rücksendung {rma} erstattet.',
    codeSubject: 'Ihr Bestätigungscode für {store}',
    codeIntro: 'Mit diesem Code melden Sie sich im Retourenportal von {store} an:',
    codeExpiry: 'Der Code läuft in {minutes} Minuten ab und gilt nur einmal.',
    codeIgnore: 'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
  },
  es: {
    submittedSubject: 'Hemos recibido tu solicitud de devolución {rma}',
    submittedBody: '¡Gracias! Tu solicitud de devolución {rma} del pedido {order} está pendiente de revisión.',
    approvedSubject: 'Tu devolución {rma} está aprobada',
    approvedBody: 'Buenas noticias: tu devolución {rma} del pedido {order} está aprobada.',
    rejectedSubject: 'Tu devolución {rma} no fue aprobada',
    rejectedBody: 'Lo sentimos, tu solicitud de devolución {rma} del pedido {order} no fue aprobada. Motivo: {reason}',
    refundedSubject: 'Tu reembolso de {rma} está en camino',
    refundedBody: 'Hemos reembolsado {amount} por la devolución {rma}.',
    codeSubject: 'Tu código de verificación para {store}',
    codeIntro: 'Usa este código para acceder al centro de devoluciones de {store}:',
    codeExpiry: 'El código caduca en {minutes} minutos y solo se puede usar una vez.',
    codeIgnore: 'Si no lo has solicitado, ignora este correo.',
  },
} satisfies Record<string, Partial<Record<string, string>>>;

export type MailTextKey = keyof (typeof mailTexts)['en'];

export function mailText(lang: string, key: MailTextKey, vars: Record<string, string | number>): string {
  const table = (mailTexts as Record<string, Partial<Record<MailTextKey, string>>>)[lang] ?? mailTexts.en;
  const template = table[key] ?? mailTexts.en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
