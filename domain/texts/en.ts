/**
 * The texts the server writes into documents and mails, in English: the key set
 * every other locale (ar.ts, de.ts, fr.ts) must give in full (their type says so,
 * and tests/domain/texts.test.ts checks the placeholders and plural forms).
 *
 * - `%{name}` is a value; `||||` separates plural forms chosen by `smart_count`
 *   (two in English, German and French, six in Arabic, as polyglot counts them).
 * - A key ending in `_female` (or `_male`) is the form for a girl (or a boy) of
 *   the key before it: `textsFor(locale, learner)` picks it by the learner's gender.
 * - The words follow docs/GLOSSARY.md.
 */
export const en = {
  // the brand, as every document writes it
  'brand.name': 'Neomi Academy',

  // certificate (GET /users/export/certificate/...): docs/api/teaching.md
  'certificate.title': 'Certificate of Completion',
  'certificate.certifies': 'Neomi Academy certifies that',
  'certificate.completed': 'has successfully completed the course: %{course}',
  'certificate.completed_female': 'has successfully completed the course: %{course}',
  'certificate.group': 'in the group: %{group}',
  'certificate.date': 'Date: %{date}',
  'certificate.code': 'Verification code: %{code}',
  'certificate.check': 'To check this certificate, open: %{url}',

  // exam_results.xlsx and the printed tests: docs/api/reports.md "Exports and prints"
  'report.sheet': 'Results',
  'report.answersSheet': 'Answers',
  'report.column.student_id': 'Learner no.',
  'report.column.name': 'Name',
  'report.column.gender': 'Gender',
  'report.column.age': 'Age',
  'report.column.test_date': 'Test date',
  'report.column.exam_type': 'Test',
  'report.column.challenge': 'Challenge',
  'report.column.fluency': 'Fluency',
  'report.column.flexibility': 'Flexibility',
  'report.column.originality': 'Originality',
  'report.column.originality_per_answer': 'Originality per answer',
  'report.column.total': 'Total',
  'report.column.degree': 'Level',
  'report.column.percentile': 'Percentile rank',
  'report.column.status': 'Status',
  'report.column.question': 'Question',
  'report.column.answer': 'Answer',
  'report.column.answer_status': 'Answer status',
  'report.column.category': 'Category',
  'report.column.subcategory': 'Subcategory',
  'report.column.points': 'Points',
  'report.gender.boy': 'Boy',
  'report.gender.girl': 'Girl',
  'report.examType.pre': 'Pre-test',
  'report.examType.post': 'Post-test',
  'report.degree.above': 'Above average',
  'report.degree.average': 'Average',
  'report.degree.below': 'Below average',
  'report.status.scored': 'Scored',
  'report.status.not_scored': 'Not scored yet',
  'report.answerStatus.relevant': 'Counted',
  'report.answerStatus.empty': 'Empty',
  'report.answerStatus.no_answer': 'No answer',
  'report.answerStatus.repeat': 'Repeat',
  'report.answerStatus.unscored': 'Not scored',
  'report.print.title': 'Neomi test',
  'report.print.corrected': 'Neomi test, corrected',
  'report.print.challenge': 'Challenge %{n}',
  'report.print.date': 'Date: %{date}',
  'report.print.noAnswers': 'No answers',
  'report.print.unmatched': 'no category',
  'report.print.points': '%{smart_count} point |||| %{smart_count} points',
  'report.print.scores':
    'Fluency %{fluency} · Flexibility %{flexibility} · Originality %{originality} · Total %{total}',

  // users.xlsx (GET /users/export): docs/api/teaching.md
  'users.sheet': 'Users',
  'users.column.id': 'ID',
  'users.column.name': 'Name',
  'users.column.email': 'Email',
  'users.column.type': 'Account type',
  'users.column.country': 'Country',
  'users.column.city': 'City',
  'users.column.mobile_no': 'Mobile number',
  'users.column.status': 'Status',
  'users.column.created_at': 'Created',
  'users.type.family': 'Family',
  'users.type.teacher': 'Teacher',
  'users.type.guest': 'Guest',
  'users.role.admin': 'Platform admin',
  'users.role.region_admin': 'Region admin',
  'users.role.admin_school': 'School admin',
  'users.role.marker': 'Marker',
  'users.active': 'Active',
  'users.inactive': 'Inactive',

  // the public area's spreadsheets (kit orders, form answers): docs/api/public.md
  'public.column.id': 'No.',
  'public.column.created_at': 'Date',
  'public.column.email': 'Email',
  'public.column.entity': 'Entity',
  'public.column.kits_no': 'Number of kits',
  'public.column.contact_name': 'Contact name',
  'public.column.phone_number': 'Phone number',
  'public.column.address': 'Address',
  'public.column.comment': 'Comment',
  'public.column.locale': 'Language',
  'public.column.status': 'Status',
  'public.column.note': 'Admin note',
  'public.column.handled_by_name': 'Handled by',
  'public.column.handled_at': 'Handled on',
  'public.status.new': 'New',
  'public.status.handled': 'Handled',
  'public.status.cancelled': 'Cancelled',
  'public.sheet.orders': 'Kit orders',
  'public.sheet.answers': 'Answers',

  // the enrolment templates (GET /schools/template/...): docs/api/schools.md
  'template.students.name': 'Name',
  'template.students.national_id': 'National id (14 digits)',
  'template.students.gender': 'Gender (1 boy, 2 girl)',
  'template.students.birthdate': 'Date of birth (DD/MM/YYYY)',
  'template.note.date':
    'Type the date as day/month/year, e.g. 13/04/2016. The column is formatted as text so that the spreadsheet keeps the date as typed.',
  'template.note.text':
    'Type the number as text, with its leading 0 or +, e.g. 01008337887. The column is formatted as text; a number typed into a number cell loses its leading 0.',
  'template.students.class': 'Class',
  'template.students.mobile_no': 'Mobile number',
  'template.teachers.name': 'Name',
  'template.teachers.email': 'Email',
  'template.teachers.gender': 'Gender (1 male, 2 female)',
  'template.teachers.mobile_no': 'Mobile number',
  // the dictionary import template (GET /category/import-words/template): docs/api/scoring.md
  'template.words.category': 'Category',
  'template.words.subcategory': 'Subcategory',
  'template.words.word': 'Word',
  'template.words.language': 'Language (ar/en/de/fr)',

  // the sample of the Neomi kit (GET /neomi-kit/sample.pdf): drawn in Arabic and English
  'sample.title': 'The Neomi Creativity Kit',
  'sample.subtitle': 'Sample pages',
  'sample.whatTitle': 'What is the Neomi kit?',
  'sample.what':
    "The Neomi kit is a set of activities and games that grow creative thinking in children aged six to sixteen. Each child works through three challenges, and the teacher measures the fluency, flexibility and originality of the child's ideas before and after the programme.",
  'sample.boxTitle': 'In the box',
  'sample.box1': "A child's activity book of 24 pages",
  'sample.box2': 'Cards for the three challenges',
  'sample.box3': "A teacher's guide and scoring sheets",
  'sample.box4': 'Coloured pencils and badge stickers',
  'sample.orderTitle': 'How to order',
  'sample.order':
    "Order kits for your school or organisation on the Neomi kit order page, and the academy's team will contact you.",
  'sample.challengesTitle': 'The three challenges',
  'sample.challenge1.title': 'Challenge 1: Complete the shape',
  'sample.challenge1.text':
    'The child receives unfinished lines and shapes, turns each one into a drawing that means something, and gives it a title.',
  'sample.challenge2.title': 'Challenge 2: Many uses',
  'sample.challenge2.text':
    'The child lists as many unusual uses as possible for an everyday object, such as a cardboard box.',
  'sample.challenge3.title': 'Challenge 3: What if?',
  'sample.challenge3.text':
    'The child answers a question from the imagination, such as: what if trees could walk? and writes everything that might happen.',
  'sample.scoringTitle': 'How creativity is measured',
  'sample.scoring1': 'Fluency: how many fitting ideas',
  'sample.scoring2': 'Flexibility: how many kinds of ideas',
  'sample.scoring3': 'Originality: how rare an idea is among all answers',
  'sample.activityTitle': 'Sample activity: Many circles',
  'sample.activity': 'Turn each circle into a different drawing, then write a title under it. You have ten minutes.',
  'sample.name': 'Name',
  'sample.date': 'Date',
  'sample.footer': 'Neomi Academy · sample pages, not for sale',

  // mails: each is written whole in every language (server/services/mailText.ts)
  'mail.greeting': 'Hello %{name},',
  'mail.reset.subject': 'Neomi Academy: reset your password',
  'mail.reset.open': 'To choose a new password, open this link:',
  'mail.reset.expiry':
    'The link works once and expires in %{smart_count} minute. |||| The link works once and expires in %{smart_count} minutes.',
  'mail.reset.ignore': 'If you did not ask for it, ignore this mail: your password stays as it is.',
  'mail.emailChanged.subject': 'Neomi Academy: your email address was changed',
  'mail.emailChanged.body': 'The email address of your Neomi Academy account was changed to %{email}.',
  'mail.emailChanged.notYou': 'If you did not do this, reply to this mail or contact the academy at once: %{url}',
  'mail.welcome.subject': 'Neomi Academy: your teacher account',
  'mail.welcome.body': '%{school} has made you a teacher account on Neomi Academy.',
  'mail.welcome.open': 'To choose your password, open this link:',
  'mail.welcome.expiry':
    'The link works once and expires in %{smart_count} day. |||| The link works once and expires in %{smart_count} days.',
  'mail.message.subject': 'Neomi Academy: %{subject}',
  'mail.message.intro': '%{sender} wrote to you on Neomi Academy:',
  'mail.message.open': 'Read and answer it in the console: %{url}',
  'mail.order.subject': 'Neomi Academy: kit order from %{entity} (%{kits})',
  'mail.order.intro': 'A new Neomi kit order came from the public page.',
  'mail.order.open': 'Open it in the console: %{url}',
  'mail.orderConfirmation.subject': 'Neomi Academy: your kit order %{reference}',
  'mail.orderConfirmation.greeting': 'Hello %{name},',
  'mail.orderConfirmation.intro':
    'Thank you: we have received your order for the Neomi kit. Its reference number is %{reference}.',
  'mail.orderConfirmation.summary': 'What you ordered:',
  'mail.orderConfirmation.next': 'What happens next:',
  'mail.orderConfirmation.next1':
    '1. The academy team reviews your order and contacts you by email or phone to confirm the kits, the price and the delivery.',
  'mail.orderConfirmation.next2': '2. The kits are sent to the address you gave once the order is confirmed.',
  'mail.orderConfirmation.next3': 'Quote the reference number %{reference} whenever you contact us about this order.',
  'mail.orderConfirmation.signature': 'Neomi Academy',
  'mail.answers.subject': 'Neomi Academy: new answers to “%{title}”',
  'mail.answers.intro': 'New answers to the form “%{title}”.',
  'mail.answers.open': 'Open them in the console: %{url}',

  // the family's archive of a child (GET /children/{id}/archive): docs/API.md "Users"
  'archive.title': 'Everything Neomi Academy holds about %{name}',
  'archive.made': 'Made on %{date} at the request of the family.',
  'archive.profile': 'Profile',
  'archive.name': 'Name: %{name}',
  'archive.birthdate': 'Date of birth: %{date}',
  'archive.language': 'Language: %{language}',
  'archive.activities': 'Activities: %{count}',
  'archive.activity': '%{date}: %{title}',
  'archive.tests': 'Tests: %{count}',
  'archive.test': 'Test %{type}, challenge %{challenge}: %{stages} stage(s) handed in',
  'archive.scores': 'Scores',
  'archive.score':
    'Test %{type}: fluency %{fluency}, flexibility %{flexibility}, originality %{originality}, total %{total}',
  'archive.noScores': 'No scores yet.',
  'archive.files':
    'Files: %{count}, in the folder files/ (profile photo, activity pictures, test drawings and photos, 3D models).',
  'archive.data':
    'All of it, field by field, is in child.json, activities.json, tests.json and scores.json (JSON, UTF-8).',
} as const;

export type TextKey = keyof typeof en;
