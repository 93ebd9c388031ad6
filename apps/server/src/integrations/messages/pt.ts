import type { MessageCatalogue } from './catalogue.ts';

export const pt: MessageCatalogue = {
  greeting: 'Olá,',
  signature: 'Equipe Ztart Tips',
  footer: 'Ztart Tips · Esta é uma mensagem automática; as respostas não são lidas.',
  linkFallback: 'Se o botão não funcionar, copie este endereço no seu navegador:',
  verifyEmail: ({ link, hours }) => ({
    subject: 'Confirme seu e-mail no Ztart Tips',
    paragraphs: [
      'Boas-vindas ao Ztart Tips!',
      'Confirme que este é o seu endereço de e-mail para poder entrar na sua conta.',
    ],
    action: { label: 'Confirmar meu e-mail', url: link },
    after: [
      `O link só pode ser usado uma vez e expira em ${hours} horas.`,
      'Se você não criou uma conta, pode ignorar este e-mail.',
    ],
  }),
  accountExists: ({ signInUrl }) => ({
    subject: 'Alguém tentou se cadastrar com o seu e-mail',
    paragraphs: [
      'Alguém acabou de tentar criar uma conta no Ztart Tips com este endereço de e-mail, mas você já tem uma.',
      'Se foi você, é só entrar. Se esqueceu a senha, escolha “Esqueceu a senha?” na página de entrada.',
    ],
    action: { label: 'Entrar no Ztart Tips', url: signInUrl },
    after: ['Se não foi você, pode ignorar este e-mail: nada mudou na sua conta.'],
  }),
  resetPassword: ({ link, minutes }) => ({
    subject: 'Redefina sua senha do Ztart Tips',
    paragraphs: ['Recebemos um pedido para redefinir a senha da sua conta no Ztart Tips.'],
    action: { label: 'Escolher uma nova senha', url: link },
    after: [
      `O link só pode ser usado uma vez e expira em ${minutes} minutos.`,
      'Se não foi você que pediu, ignore este e-mail: sua senha continua a mesma.',
    ],
  }),
  confirmNewEmail: ({ link, hours }) => ({
    subject: 'Confirme seu novo endereço de e-mail',
    paragraphs: [
      'Você pediu para usar este endereço na sua conta do Ztart Tips.',
      'Sua conta mantém o endereço atual até você confirmar este.',
    ],
    action: { label: 'Confirmar meu novo endereço', url: link },
    after: [
      `O link só pode ser usado uma vez e expira em ${hours} horas.`,
      'Se não foi você que pediu, pode ignorar este e-mail.',
    ],
  }),
  emailChangeRequested: ({ newEmail, signInUrl }) => ({
    subject: 'O e-mail da sua conta do Ztart Tips vai mudar',
    paragraphs: [
      `Alguém conectado à sua conta pediu para trocar o e-mail dela para ${newEmail}.`,
      'A troca só acontece quando o link enviado ao novo endereço for aberto.',
      'Se não foi você, entre agora e troque sua senha; depois, encerre suas outras sessões.',
    ],
    action: { label: 'Entrar no Ztart Tips', url: signInUrl },
  }),
  businessInvitation: ({ business, inviter, link }) => ({
    subject: `${inviter} convida você para a equipe de ${business}`,
    paragraphs: [
      `${inviter} convida você para entrar na equipe de ${business} no Ztart Tips. Como membro, você pode receber sua parte das gorjetas que a empresa recebe.`,
      'Entre (ou crie sua conta com este endereço de e-mail) para aceitar ou recusar o convite.',
    ],
    action: { label: 'Ver o convite', url: link },
  }),
  passwordChanged: ({ signInUrl }) => ({
    subject: 'Sua senha do Ztart Tips foi alterada',
    paragraphs: [
      'A senha da sua conta do Ztart Tips acabou de ser alterada, e suas outras sessões foram encerradas.',
      'Se não foi você, redefina sua senha agora mesmo em “Esqueceu a senha?” na página de entrada e fale com o nosso suporte.',
    ],
    action: { label: 'Entrar', url: signInUrl },
  }),
  signInFailures: ({ attempts, signInUrl }) => ({
    subject: 'Tentativas de entrada falhadas na sua conta Ztart Tips',
    paragraphs: [
      `Alguém acabou de tentar ${attempts} vezes seguidas entrar na sua conta Ztart Tips com uma senha errada. Ninguém conseguiu entrar.`,
      'Para proteger a sua conta, cada nova tentativa agora precisa esperar um pouco mais do que a anterior.',
      'Se foi você, aguarde um momento e tente de novo, ou escolha “Esqueceu a senha?” na página de entrada para criar uma nova.',
    ],
    action: { label: 'Ir para a entrada', url: signInUrl },
    after: [
      'Se não foi você, o seu dinheiro está seguro. Para garantir que continue assim, crie uma nova senha com “Esqueceu a senha?”, uma que não use em mais nenhum lugar.',
    ],
  }),
  phoneCodeSms: ({ code, minutes }) =>
    `Ztart Tips: seu código de verificação é ${code}. Ele expira em ${minutes} minutos. Não compartilhe com ninguém.`,
  tipReceipt: ({ amount, receiver, card, message, date, receiptNumber, pending, link }) => ({
    subject: `Seu recibo: gorjeta de ${amount} para ${receiver}`,
    paragraphs: [
      `Obrigado pela sua gorjeta de ${amount} para ${receiver}.`,
      ...(message ? [`Sua mensagem: “${message}”`] : []),
      `Pago com: ${card ? `${card.brand} •••• ${card.last4}` : 'seu saldo do Ztart Tips'}`,
      `Data: ${date}`,
      `Número do recibo: ${receiptNumber}`,
      pending
        ? 'O emissor do seu cartão ainda precisa confirmar o pagamento; a gorjeta chega ao destinatário assim que isso acontecer. Se não for confirmado, a autorização é cancelada e nada é cobrado.'
        : 'A gorjeta já chegou ao destinatário.',
    ],
    action: { label: 'Abrir a página de gorjetas', url: link },
    after: [
      card
        ? 'Se você não fez este pagamento, fale com o seu banco ou com o emissor do cartão.'
        : 'Se você não enviou esta gorjeta, entre na sua conta e altere sua senha agora.',
    ],
  }),
  tipReceiptSms: ({ amount, receiver, receiptNumber, pending }) =>
    `Ztart Tips: você deu uma gorjeta de ${amount} para ${receiver}. Recibo ${receiptNumber}.${pending ? ' Pendente até o emissor do seu cartão confirmar.' : ''}`,
};
