import type { MessageTree } from '../../app/nest';

export default {
  app: {
    menu: {
      orders: 'Commandes de kits',
      forms: 'Formulaires',
      /** the sidebar's sections (domain SIDEBAR_SECTIONS) */
      sections: {
        people: 'Personnes',
        teaching: 'Enseignement',
        neomi: 'Test Neomi',
        schools: 'Écoles',
        regions: 'Régions',
        administration: 'Administration',
      },
    },
    permissions: { access_public: 'Commandes de kits et formulaires publics' },
    permissionGroups: { Public: 'Pages publiques' },
    /** the admins' notifications of a public send (domain NOTIFICATION_KINDS) */
    notifications: {
      kinds: { kit_order: 'Commande de kits', form_answer: 'Réponses à un formulaire' },
      messages: {
        kit_order: '%{entity} a commandé %{kits_no} kits',
        form_answer: 'Un visiteur a répondu à un formulaire public',
      },
    },
    logs: {
      actions: { change_status: 'Statut modifié' },
      entities: { kit_order: 'Commande de kits', form: 'Formulaire' },
    },
    codes: {
      orderStatus: { new: 'Nouvelle', handled: 'Traitée', cancelled: 'Annulée' },
      formFieldKind: {
        text: 'Texte',
        email: 'E-mail',
        phone: 'Téléphone',
        number: 'Nombre',
        choice: 'Un seul choix',
        multiChoice: 'Plusieurs choix',
        date: 'Date',
      },
    },
    public: {
      /** the confirmation page after a kit order (docs/api/public.md "Kit order") */
      confirmation: {
        title: 'Merci ! Nous avons bien reçu votre commande',
        reference: 'Numéro de référence',
        summary: 'Votre commande',
        next: 'La suite',
        next1:
          'L’équipe de l’académie examine votre commande et vous contacte par e-mail ou par téléphone pour confirmer les kits, le prix et la livraison.',
        next2: 'Une fois la commande confirmée, les kits sont envoyés à l’adresse indiquée.',
        next3:
          'Indiquez le numéro de référence %{reference} chaque fois que vous nous contactez au sujet de cette commande.',
        mailed: 'Nous avons envoyé cette confirmation à %{email}.',
        again: 'Passer une autre commande',
      },
      /** a date typed in the page's own order (LocaleDateInput) */
      date: {
        day: 'jj',
        month: 'mm',
        year: 'aaaa',
        help: 'Jour, mois et année, par ex. %{example}',
      },
      orderSent: 'Merci ! Nous avons bien reçu votre commande et nous vous contacterons bientôt.',
      answerSent: 'Merci ! Nous avons bien reçu vos réponses.',
      kitsNumber: 'Veuillez saisir un nombre entier de kits, au moins 1',
      kitsTooMany: 'Pour plus de 10 000 kits, écrivez-nous',
      invalidPhone: 'Veuillez saisir un numéro de téléphone valide',
      challengeRequired: 'Veuillez attendre la fin de la vérification, puis envoyer',
      tooManySends: 'Trop de messages depuis cette adresse. Veuillez réessayer plus tard',
      formNotFound: 'Ce formulaire n’est pas ouvert',
      optionsRequired: 'Un champ à choix a besoin d’au moins une option',
      duplicateName: 'Deux champs ou options ont la même clé',
      numberTooSmall: 'Le nombre est trop petit',
      numberTooLarge: 'Le nombre est trop grand',
      pageTitle: 'Commander le kit Neomi',
      intro:
        'Le kit Neomi apporte trois défis de créativité à votre école ou centre. Téléchargez un extrait, puis dites-nous combien de kits il vous faut.',
      sampleTitle: 'Un extrait du kit',
      sampleText:
        'Quelques pages en arabe et en anglais : ce qu’est le kit, les trois défis et une activité d’exemple.',
      downloadSample: 'Télécharger l’extrait (PDF)',
      orderTab: 'Commander des kits',
      send: 'Envoyer',
      sending: 'Envoi en cours, veuillez patienter…',
      honeypot: 'Laissez ce champ vide',
      challengeHint:
        'Vous avez envoyé plusieurs messages : votre appareil vérifie maintenant que vous êtes une personne. Quand la case est cochée, envoyez à nouveau.',
      signIn: 'Se connecter',
    },
    orders: {
      changeStatus: 'Changer le statut',
      statusChanged: 'Le statut a été modifié',
      export: 'Exporter vers Excel',
      newOrders: '%{smart_count} nouvelle commande |||| %{smart_count} nouvelles commandes',
      handledBy: 'Modifié par %{name} le %{date}',
    },
    forms: {
      fieldsTitle: 'Questions',
      kind: 'Type de réponse',
      label: 'Question',
      required: 'Obligatoire',
      options: 'Options',
      optionLabel: 'Option',
      min: 'Plus petit nombre',
      max: 'Plus grand nombre',
      answers: 'Réponses',
      noAnswers: 'Pas encore de réponses.',
      export: 'Exporter les réponses vers Excel',
      published: 'Publié',
      draft: 'Non publié',
      publishedHint: 'Un formulaire publié apparaît sur la page publique de commande de kits.',
      languages: { ar: 'arabe', en: 'anglais', de: 'allemand', fr: 'français' },
    },
  },
  resources: {
    orders: {
      name: 'Commande de kits |||| Commandes de kits',
      page: { list: 'Commandes de kits' },
      fields: {
        id: 'N°',
        email: 'E-mail',
        entity: 'Établissement (nom de l’institution)',
        kits_no: 'Nombre de kits',
        contact_name: 'Nom du contact',
        phone_number: 'Téléphone',
        address: 'Adresse',
        comment: 'Commentaire',
        locale: 'Langue',
        status: 'Statut',
        note: 'Note',
        handled_by_name: 'Modifié par',
        handled_at: 'Modifié le',
        created_at: 'Date',
      },
    },
    forms: {
      name: 'Formulaire |||| Formulaires',
      page: { list: 'Formulaires' },
      fields: {
        id: 'N°',
        title: 'Titre',
        description: 'Description',
        published: 'Publié',
        fields: 'Questions',
        answers_count: 'Réponses',
        created_at: 'Créé',
        updated_at: 'Modifié',
      },
    },
    formAnswers: {
      name: 'Réponse |||| Réponses',
      page: { list: 'Réponses' },
      fields: { id: 'N°', created_at: 'Date', locale: 'Langue' },
    },
  },
} satisfies MessageTree;
