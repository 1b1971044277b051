import type { MessageTree } from '../../app/nest';

/**
 * The public area in English: the kit order page, the orders and forms in
 * the console. The server's messages (app.public.*) come from
 * domain/messages/public.ts; ar, de and fr translate them here.
 */
export default {
  app: {
    menu: {
      orders: 'Kit orders',
      forms: 'Forms',
      /** the sidebar's sections (domain SIDEBAR_SECTIONS) */
      sections: {
        people: 'People',
        teaching: 'Teaching',
        neomi: 'Neomi test',
        schools: 'Schools',
        regions: 'Regions',
        administration: 'Administration',
      },
    },
    permissions: { access_public: 'Kit orders and public forms' },
    permissionGroups: { Public: 'Public pages' },
    /** the admins' notifications of a public send (domain NOTIFICATION_KINDS) */
    notifications: {
      kinds: { kit_order: 'Kit order', form_answer: 'Form answers' },
      messages: { kit_order: '%{entity} ordered %{kits_no} kits', form_answer: 'A visitor answered a public form' },
    },
    logs: {
      actions: { change_status: 'Status changed' },
      entities: { kit_order: 'Kit order', form: 'Form' },
    },
    codes: {
      orderStatus: { new: 'New', handled: 'Handled', cancelled: 'Cancelled' },
      formFieldKind: {
        text: 'Text',
        email: 'Email',
        phone: 'Phone number',
        number: 'Number',
        choice: 'One choice',
        multiChoice: 'Several choices',
        date: 'Date',
      },
    },
    public: {
      /** the confirmation page after a kit order (docs/api/public.md "Kit order") */
      confirmation: {
        title: 'Thank you! We have received your order',
        reference: 'Reference number',
        summary: 'What you ordered',
        next: 'What happens next',
        next1:
          'The academy team reviews your order and contacts you by email or phone to confirm the kits, the price and the delivery.',
        next2: 'The kits are sent to the address you gave once the order is confirmed.',
        next3: 'Quote the reference number %{reference} whenever you contact us about this order.',
        mailed: 'We have sent this confirmation to %{email}.',
        again: 'Place another order',
      },
      /** a date typed in the page's own order (LocaleDateInput) */
      date: {
        day: 'dd',
        month: 'mm',
        year: 'yyyy',
        help: 'Day, month and year, e.g. %{example}',
      },
      pageTitle: 'Order the Neomi kit',
      intro:
        'The Neomi kit brings three creativity challenges to your school or centre. Download a sample, then tell us how many kits you need.',
      sampleTitle: 'A sample of the kit',
      sampleText: 'A few pages in Arabic and English: what the kit is, the three challenges and a sample activity.',
      downloadSample: 'Download the sample (PDF)',
      orderTab: 'Order kits',
      send: 'Send',
      sending: 'Sending, please wait…',
      honeypot: 'Leave this field empty',
      challengeHint:
        'You have sent several messages: your device now checks that you are a person. When the box is ticked, send again.',
      signIn: 'Sign in',
    },
    orders: {
      changeStatus: 'Change status',
      statusChanged: 'The status has been changed',
      export: 'Export to Excel',
      newOrders: '%{smart_count} new order |||| %{smart_count} new orders',
      handledBy: 'Changed by %{name} on %{date}',
    },
    forms: {
      fieldsTitle: 'Questions',
      kind: 'Kind of answer',
      label: 'Question',
      required: 'Required',
      options: 'Options',
      optionLabel: 'Option',
      min: 'Smallest number',
      max: 'Largest number',
      answers: 'Answers',
      noAnswers: 'No answers yet.',
      export: 'Export the answers to Excel',
      published: 'Published',
      draft: 'Not published',
      publishedHint: 'A published form is shown on the public kit order page.',
      languages: { ar: 'Arabic', en: 'English', de: 'German', fr: 'French' },
    },
  },
  resources: {
    orders: {
      name: 'Kit order |||| Kit orders',
      page: { list: 'Kit orders' },
      fields: {
        id: 'No.',
        email: 'Email',
        entity: 'Entity (institution name)',
        kits_no: 'Number of kits',
        contact_name: 'Contact name',
        phone_number: 'Phone number',
        address: 'Address',
        comment: 'Comment',
        locale: 'Language',
        status: 'Status',
        note: 'Note',
        handled_by_name: 'Changed by',
        handled_at: 'Changed on',
        created_at: 'Date',
      },
    },
    forms: {
      name: 'Form |||| Forms',
      page: { list: 'Forms' },
      fields: {
        id: 'No.',
        title: 'Title',
        description: 'Description',
        published: 'Published',
        fields: 'Questions',
        answers_count: 'Answers',
        created_at: 'Created',
        updated_at: 'Updated',
      },
    },
    formAnswers: {
      name: 'Answer |||| Answers',
      page: { list: 'Answers' },
      fields: { id: 'No.', created_at: 'Date', locale: 'Language' },
    },
  },
} satisfies MessageTree;
