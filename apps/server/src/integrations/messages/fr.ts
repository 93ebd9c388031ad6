import type { MessageCatalogue } from './catalogue.ts';

export const fr: MessageCatalogue = {
  greeting: 'Bonjour,',
  signature: "L'équipe Ztart Tips",
  footer: 'Ztart Tips · Ceci est un message automatique ; les réponses ne sont pas lues.',
  linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  verifyEmail: ({ link, hours }) => ({
    subject: 'Confirmez votre adresse e-mail pour Ztart Tips',
    paragraphs: [
      'Bienvenue sur Ztart Tips !',
      "Confirmez qu'il s'agit bien de votre adresse e-mail pour pouvoir vous connecter.",
    ],
    action: { label: 'Confirmer mon adresse e-mail', url: link },
    after: [
      `Le lien ne fonctionne qu'une fois et expire dans ${hours} heures.`,
      "Si vous n'avez pas créé de compte, ignorez simplement cet e-mail.",
    ],
  }),
  accountExists: ({ signInUrl }) => ({
    subject: "Quelqu'un a essayé de s'inscrire avec votre adresse e-mail",
    paragraphs: [
      "Quelqu'un vient d'essayer de créer un compte Ztart Tips avec cette adresse e-mail, mais vous en avez déjà un.",
      'Si c’était vous, connectez-vous plutôt. Si vous avez oublié votre mot de passe, choisissez « Mot de passe oublié ? » sur la page de connexion.',
    ],
    action: { label: 'Se connecter à Ztart Tips', url: signInUrl },
    after: ["Si ce n'était pas vous, ignorez cet e-mail : rien n'a changé dans votre compte."],
  }),
  resetPassword: ({ link, minutes }) => ({
    subject: 'Réinitialisez votre mot de passe Ztart Tips',
    paragraphs: [
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Ztart Tips.',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: link },
    after: [
      `Le lien ne fonctionne qu'une fois et expire dans ${minutes} minutes.`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste le même.",
    ],
  }),
  confirmNewEmail: ({ link, hours }) => ({
    subject: 'Confirmez votre nouvelle adresse e-mail',
    paragraphs: [
      'Vous avez demandé à utiliser cette adresse pour votre compte Ztart Tips.',
      "Votre compte garde son adresse actuelle tant que vous n'avez pas confirmé celle-ci.",
    ],
    action: { label: 'Confirmer ma nouvelle adresse', url: link },
    after: [
      `Le lien ne fonctionne qu'une fois et expire dans ${hours} heures.`,
      "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail.",
    ],
  }),
  emailChangeRequested: ({ newEmail, signInUrl }) => ({
    subject: "L'adresse e-mail de votre compte Ztart Tips va changer",
    paragraphs: [
      `Une personne connectée à votre compte a demandé à remplacer son adresse e-mail par ${newEmail}.`,
      "Le changement n'aura lieu qu'à l'ouverture du lien envoyé à la nouvelle adresse.",
      "Si ce n'était pas vous, connectez-vous et changez votre mot de passe dès maintenant, puis déconnectez vos autres sessions.",
    ],
    action: { label: 'Se connecter à Ztart Tips', url: signInUrl },
  }),
  businessInvitation: ({ business, inviter, link }) => ({
    subject: `${inviter} vous invite dans l’équipe de ${business}`,
    paragraphs: [
      `${inviter} vous invite à rejoindre l’équipe de ${business} sur Ztart Tips. En tant que membre, vous pouvez recevoir votre part des pourboires que reçoit l’entreprise.`,
      'Connectez-vous (ou créez votre compte avec cette adresse e-mail) pour accepter ou refuser l’invitation.',
    ],
    action: { label: 'Voir l’invitation', url: link },
  }),
  passwordChanged: ({ signInUrl }) => ({
    subject: 'Votre mot de passe Ztart Tips a été modifié',
    paragraphs: [
      "Le mot de passe de votre compte Ztart Tips vient d'être modifié et vos autres sessions ont été déconnectées.",
      "Si ce n'était pas vous, réinitialisez tout de suite votre mot de passe avec « Mot de passe oublié ? » sur la page de connexion, puis contactez notre support.",
    ],
    action: { label: 'Se connecter', url: signInUrl },
  }),
  signInFailures: ({ attempts, signInUrl }) => ({
    subject: 'Échecs de connexion à votre compte Ztart Tips',
    paragraphs: [
      `Quelqu’un vient d’essayer ${attempts} fois de suite de se connecter à votre compte Ztart Tips avec un mauvais mot de passe. Personne n’est entré.`,
      'Pour protéger votre compte, chaque nouvel essai doit désormais attendre un peu plus longtemps que le précédent.',
      'Si c’était vous, patientez un instant puis réessayez, ou choisissez « Mot de passe oublié ? » sur la page de connexion pour en définir un nouveau.',
    ],
    action: { label: 'Aller à la connexion', url: signInUrl },
    after: [
      'Si ce n’était pas vous, votre argent est en sécurité. Pour qu’il le reste, choisissez un nouveau mot de passe avec « Mot de passe oublié ? », un mot de passe que vous n’utilisez nulle part ailleurs.',
    ],
  }),
  phoneCodeSms: ({ code, minutes }) =>
    `Ztart Tips : votre code de vérification est ${code}. Il expire dans ${minutes} minutes. Ne le communiquez à personne.`,
  tipReceipt: ({ amount, receiver, card, message, date, receiptNumber, pending, link }) => ({
    subject: `Votre reçu : pourboire de ${amount} à ${receiver}`,
    paragraphs: [
      `Merci pour votre pourboire de ${amount} à ${receiver}.`,
      ...(message ? [`Votre message : « ${message} »`] : []),
      `Payé avec : ${card ? `${card.brand} •••• ${card.last4}` : 'votre solde Ztart Tips'}`,
      `Date : ${date}`,
      `Numéro de reçu : ${receiptNumber}`,
      pending
        ? "L'émetteur de votre carte doit encore confirmer le paiement ; le pourboire parvient à son destinataire dès qu'il l'a fait. S'il n'est pas confirmé, l'autorisation est levée et rien ne vous est débité."
        : 'Le pourboire est arrivé à son destinataire.',
    ],
    action: { label: 'Ouvrir la page de pourboire', url: link },
    after: [
      card
        ? "Si vous n'êtes pas à l'origine de ce paiement, contactez votre banque ou l'émetteur de votre carte."
        : "Si vous n'avez pas envoyé ce pourboire, connectez-vous et changez votre mot de passe dès maintenant.",
    ],
  }),
  tipReceiptSms: ({ amount, receiver, receiptNumber, pending }) =>
    `Ztart Tips : vous avez donné un pourboire de ${amount} à ${receiver}. Reçu ${receiptNumber}.${pending ? " En attente de confirmation par l'émetteur de votre carte." : ''}`,
};
