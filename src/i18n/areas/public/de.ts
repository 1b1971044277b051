import type { MessageTree } from '../../app/nest';

export default {
  app: {
    menu: {
      orders: 'Kit-Bestellungen',
      forms: 'Formulare',
      /** the sidebar's sections (domain SIDEBAR_SECTIONS) */
      sections: {
        people: 'Personen',
        teaching: 'Unterricht',
        neomi: 'Neomi-Test',
        schools: 'Schulen',
        regions: 'Regionen',
        administration: 'Verwaltung',
      },
    },
    permissions: { access_public: 'Kit-Bestellungen und öffentliche Formulare' },
    permissionGroups: { Public: 'Öffentliche Seiten' },
    /** the admins' notifications of a public send (domain NOTIFICATION_KINDS) */
    notifications: {
      kinds: { kit_order: 'Kit-Bestellung', form_answer: 'Formularantworten' },
      messages: {
        kit_order: '%{entity} hat %{kits_no} Kits bestellt',
        form_answer: 'Ein Besucher hat ein öffentliches Formular beantwortet',
      },
    },
    logs: {
      actions: { change_status: 'Status geändert' },
      entities: { kit_order: 'Kit-Bestellung', form: 'Formular' },
    },
    codes: {
      orderStatus: { new: 'Neu', handled: 'Bearbeitet', cancelled: 'Storniert' },
      formFieldKind: {
        text: 'Text',
        email: 'E-Mail',
        phone: 'Telefonnummer',
        number: 'Zahl',
        choice: 'Eine Auswahl',
        multiChoice: 'Mehrfachauswahl',
        date: 'Datum',
      },
    },
    public: {
      /** the confirmation page after a kit order (docs/api/public.md "Kit order") */
      confirmation: {
        title: 'Vielen Dank! Wir haben Ihre Bestellung erhalten',
        reference: 'Bestellnummer',
        summary: 'Ihre Bestellung',
        next: 'Wie es weitergeht',
        next1:
          'Das Team der Akademie prüft Ihre Bestellung und meldet sich per E-Mail oder Telefon, um Kits, Preis und Lieferung zu bestätigen.',
        next2: 'Nach der Bestätigung werden die Kits an die angegebene Adresse geschickt.',
        next3: 'Bitte nennen Sie die Bestellnummer %{reference}, wenn Sie uns zu dieser Bestellung kontaktieren.',
        mailed: 'Wir haben diese Bestätigung an %{email} geschickt.',
        again: 'Neue Bestellung',
      },
      /** a date typed in the page's own order (LocaleDateInput) */
      date: {
        day: 'TT',
        month: 'MM',
        year: 'JJJJ',
        help: 'Tag, Monat und Jahr, z. B. %{example}',
      },
      orderSent: 'Vielen Dank! Wir haben Ihre Bestellung erhalten und melden uns bald bei Ihnen.',
      answerSent: 'Vielen Dank! Wir haben Ihre Antworten erhalten.',
      kitsNumber: 'Bitte eine ganze Zahl von Kits eingeben, mindestens 1',
      kitsTooMany: 'Für mehr als 10.000 Kits schreiben Sie uns bitte',
      invalidPhone: 'Bitte eine gültige Telefonnummer eingeben',
      challengeRequired: 'Bitte warten Sie, bis die Prüfung abgeschlossen ist, und senden Sie dann',
      tooManySends: 'Zu viele Nachrichten von dieser Adresse. Bitte später erneut versuchen',
      formNotFound: 'Dieses Formular ist nicht geöffnet',
      optionsRequired: 'Ein Auswahlfeld braucht mindestens eine Option',
      duplicateName: 'Zwei Felder oder Optionen haben denselben Schlüssel',
      numberTooSmall: 'Die Zahl ist zu klein',
      numberTooLarge: 'Die Zahl ist zu groß',
      pageTitle: 'Das Neomi-Kit bestellen',
      intro:
        'Das Neomi-Kit bringt drei Kreativitäts-Herausforderungen an Ihre Schule oder Ihr Zentrum. Laden Sie ein Muster herunter und sagen Sie uns, wie viele Kits Sie brauchen.',
      sampleTitle: 'Ein Muster des Kits',
      sampleText:
        'Einige Seiten auf Arabisch und Englisch: was das Kit ist, die drei Herausforderungen und eine Beispielaktivität.',
      downloadSample: 'Muster herunterladen (PDF)',
      orderTab: 'Kits bestellen',
      send: 'Senden',
      sending: 'Wird gesendet, bitte warten…',
      honeypot: 'Dieses Feld leer lassen',
      challengeHint:
        'Sie haben mehrere Nachrichten gesendet: Ihr Gerät prüft jetzt, ob Sie ein Mensch sind. Sobald das Kästchen angekreuzt ist, senden Sie erneut.',
      signIn: 'Anmelden',
    },
    orders: {
      changeStatus: 'Status ändern',
      statusChanged: 'Der Status wurde geändert',
      export: 'Nach Excel exportieren',
      newOrders: '%{smart_count} neue Bestellung |||| %{smart_count} neue Bestellungen',
      handledBy: 'Geändert von %{name} am %{date}',
    },
    forms: {
      fieldsTitle: 'Fragen',
      kind: 'Art der Antwort',
      label: 'Frage',
      required: 'Pflichtfeld',
      options: 'Optionen',
      optionLabel: 'Option',
      min: 'Kleinste Zahl',
      max: 'Größte Zahl',
      answers: 'Antworten',
      noAnswers: 'Noch keine Antworten.',
      export: 'Antworten nach Excel exportieren',
      published: 'Veröffentlicht',
      draft: 'Nicht veröffentlicht',
      publishedHint: 'Ein veröffentlichtes Formular erscheint auf der öffentlichen Kit-Bestellseite.',
      languages: { ar: 'Arabisch', en: 'Englisch', de: 'Deutsch', fr: 'Französisch' },
    },
  },
  resources: {
    orders: {
      name: 'Kit-Bestellung |||| Kit-Bestellungen',
      page: { list: 'Kit-Bestellungen' },
      fields: {
        id: 'Nr.',
        email: 'E-Mail',
        entity: 'Einrichtung (Name der Institution)',
        kits_no: 'Anzahl der Kits',
        contact_name: 'Ansprechperson',
        phone_number: 'Telefonnummer',
        address: 'Adresse',
        comment: 'Kommentar',
        locale: 'Sprache',
        status: 'Status',
        note: 'Notiz',
        handled_by_name: 'Geändert von',
        handled_at: 'Geändert am',
        created_at: 'Datum',
      },
    },
    forms: {
      name: 'Formular |||| Formulare',
      page: { list: 'Formulare' },
      fields: {
        id: 'Nr.',
        title: 'Titel',
        description: 'Beschreibung',
        published: 'Veröffentlicht',
        fields: 'Fragen',
        answers_count: 'Antworten',
        created_at: 'Erstellt',
        updated_at: 'Geändert',
      },
    },
    formAnswers: {
      name: 'Antwort |||| Antworten',
      page: { list: 'Antworten' },
      fields: { id: 'Nr.', created_at: 'Datum', locale: 'Sprache' },
    },
  },
} satisfies MessageTree;
