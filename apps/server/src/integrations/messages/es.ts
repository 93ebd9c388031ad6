import type { MessageCatalogue } from './catalogue.ts';

export const es: MessageCatalogue = {
  greeting: 'Hola:',
  signature: 'El equipo de Ztart Tips',
  footer: 'Ztart Tips · Este es un mensaje automático; las respuestas no se leen.',
  linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
  verifyEmail: ({ link, hours }) => ({
    subject: 'Confirma tu correo electrónico en Ztart Tips',
    paragraphs: [
      '¡Te damos la bienvenida a Ztart Tips!',
      'Confirma que esta es tu dirección de correo para poder iniciar sesión.',
    ],
    action: { label: 'Confirmar mi correo', url: link },
    after: [
      `El enlace solo se puede usar una vez y caduca en ${hours} horas.`,
      'Si no has creado ninguna cuenta, puedes ignorar este mensaje.',
    ],
  }),
  accountExists: ({ signInUrl }) => ({
    subject: 'Alguien ha intentado registrarse con tu correo electrónico',
    paragraphs: [
      'Alguien acaba de intentar crear una cuenta de Ztart Tips con esta dirección de correo, pero ya tienes una.',
      'Si has sido tú, inicia sesión. Si has olvidado tu contraseña, elige «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
    ],
    action: { label: 'Iniciar sesión en Ztart Tips', url: signInUrl },
    after: ['Si no has sido tú, puedes ignorar este mensaje: tu cuenta no ha cambiado.'],
  }),
  resetPassword: ({ link, minutes }) => ({
    subject: 'Restablece tu contraseña de Ztart Tips',
    paragraphs: ['Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Ztart Tips.'],
    action: { label: 'Elegir una contraseña nueva', url: link },
    after: [
      `El enlace solo se puede usar una vez y caduca en ${minutes} minutos.`,
      'Si no lo has solicitado, ignora este mensaje: tu contraseña no cambiará.',
    ],
  }),
  confirmNewEmail: ({ link, hours }) => ({
    subject: 'Confirma tu nueva dirección de correo',
    paragraphs: [
      'Has pedido usar esta dirección en tu cuenta de Ztart Tips.',
      'Tu cuenta conserva la dirección actual hasta que confirmes esta.',
    ],
    action: { label: 'Confirmar mi nueva dirección', url: link },
    after: [
      `El enlace solo se puede usar una vez y caduca en ${hours} horas.`,
      'Si no lo has solicitado, puedes ignorar este mensaje.',
    ],
  }),
  emailChangeRequested: ({ newEmail, signInUrl }) => ({
    subject: 'El correo de tu cuenta de Ztart Tips está a punto de cambiar',
    paragraphs: [
      `Alguien con la sesión iniciada en tu cuenta ha pedido cambiar su correo electrónico a ${newEmail}.`,
      'El cambio solo se hará cuando se abra el enlace enviado a la nueva dirección.',
      'Si no has sido tú, inicia sesión y cambia tu contraseña ahora; después, cierra tus otras sesiones.',
    ],
    action: { label: 'Iniciar sesión en Ztart Tips', url: signInUrl },
  }),
  businessInvitation: ({ business, inviter, link }) => ({
    subject: `${inviter} te invita al equipo de ${business}`,
    paragraphs: [
      `${inviter} te invita a unirte al equipo de ${business} en Ztart Tips. Como miembro puedes recibir tu parte de las propinas que recibe el negocio.`,
      'Inicia sesión (o crea tu cuenta con esta dirección de correo) para aceptar o rechazar la invitación.',
    ],
    action: { label: 'Ver la invitación', url: link },
  }),
  passwordChanged: ({ signInUrl }) => ({
    subject: 'Se ha cambiado tu contraseña de Ztart Tips',
    paragraphs: [
      'La contraseña de tu cuenta de Ztart Tips se acaba de cambiar y se han cerrado tus otras sesiones.',
      'Si no has sido tú, restablece tu contraseña de inmediato con «¿Olvidaste tu contraseña?» en la página de inicio de sesión y ponte en contacto con nuestro equipo de soporte.',
    ],
    action: { label: 'Iniciar sesión', url: signInUrl },
  }),
  signInFailures: ({ attempts, signInUrl }) => ({
    subject: 'Intentos fallidos de iniciar sesión en tu cuenta de Ztart Tips',
    paragraphs: [
      `Alguien acaba de intentar ${attempts} veces seguidas iniciar sesión en tu cuenta de Ztart Tips con una contraseña incorrecta. Nadie ha entrado.`,
      'Para proteger tu cuenta, cada nuevo intento tiene que esperar ahora un poco más que el anterior.',
      'Si has sido tú, espera un momento y vuelve a intentarlo, o elige «¿Olvidaste tu contraseña?» en la página de inicio de sesión para crear una nueva.',
    ],
    action: { label: 'Ir a iniciar sesión', url: signInUrl },
    after: [
      'Si no has sido tú, tu dinero está a salvo. Para asegurarte de que siga así, crea una contraseña nueva con «¿Olvidaste tu contraseña?», una que no uses en ningún otro sitio.',
    ],
  }),
  phoneCodeSms: ({ code, minutes }) =>
    `Ztart Tips: tu código de verificación es ${code}. Caduca en ${minutes} minutos. No lo compartas con nadie.`,
  tipReceipt: ({ amount, receiver, card, message, date, receiptNumber, pending, link }) => ({
    subject: `Tu recibo: propina de ${amount} para ${receiver}`,
    paragraphs: [
      `Gracias por tu propina de ${amount} para ${receiver}.`,
      ...(message ? [`Tu mensaje: «${message}»`] : []),
      `Pagado con: ${card ? `${card.brand} •••• ${card.last4}` : 'tu saldo de Ztart Tips'}`,
      `Fecha: ${date}`,
      `Número de recibo: ${receiptNumber}`,
      pending
        ? 'El emisor de tu tarjeta aún tiene que confirmar el pago; la propina llegará a su destinatario en cuanto lo haga. Si no se confirma, la autorización se anula y no se te cobra nada.'
        : 'La propina ya ha llegado a su destinatario.',
    ],
    action: { label: 'Abrir la página de propinas', url: link },
    after: [
      card
        ? 'Si no has hecho este pago, ponte en contacto con tu banco o con el emisor de tu tarjeta.'
        : 'Si no has enviado esta propina, inicia sesión y cambia tu contraseña ahora.',
    ],
  }),
  tipReceiptSms: ({ amount, receiver, receiptNumber, pending }) =>
    `Ztart Tips: has dado una propina de ${amount} a ${receiver}. Recibo ${receiptNumber}.${pending ? ' Pendiente hasta que el emisor de tu tarjeta la confirme.' : ''}`,
};
