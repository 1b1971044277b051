import { ROLE } from '../../domain/permissions';
import { formSchema } from '../../domain/schemas/public';
import type { Transaction } from '../db/client';
import { formAnswers, forms, kitOrders } from '../db/schema';
import { withKeys } from '../../domain/formKeys';
import type { DemoContext } from './context';

const both = (ar: string, en: string, de: string, fr: string) => ({ ar, en, de, fr });

/** "Join the programme": the published form of the demo, checked by the same schema as the console's. */
export const JOIN_FORM = formSchema.parse({
  title: both(
    'الانضمام إلى برنامج نيومي',
    'Join the Neomi programme',
    'Am Neomi-Programm teilnehmen',
    'Rejoindre le programme Neomi',
  ),
  description: both(
    'أخبرنا عن مدرستك أو مركزك وسنتواصل معك لبدء البرنامج.',
    'Tell us about your school or centre and we will contact you to start the programme.',
    'Erzählen Sie uns von Ihrer Schule oder Ihrem Zentrum, und wir melden uns, um das Programm zu beginnen.',
    'Parlez-nous de votre école ou de votre centre et nous vous contacterons pour démarrer le programme.',
  ),
  published: true,
  fields: [
    {
      kind: 'text',
      required: true,
      label: both(
        'اسم المدرسة أو المركز',
        'School or centre name',
        'Name der Schule oder des Zentrums',
        'Nom de l’école ou du centre',
      ),
    },
    {
      kind: 'choice',
      required: true,
      label: both('نوع الجهة', 'Kind of institution', 'Art der Einrichtung', 'Type d’établissement'),
      options: [
        { label: both('مدرسة', 'School', 'Schule', 'École') },
        { label: both('مركز تعليمي', 'Learning centre', 'Lernzentrum', 'Centre d’apprentissage') },
        { label: both('أسرة', 'Family', 'Familie', 'Famille') },
      ],
    },
    {
      kind: 'number',
      required: true,
      min: 1,
      max: 5000,
      label: both('عدد الأطفال', 'Number of children', 'Anzahl der Kinder', 'Nombre d’enfants'),
    },
    {
      kind: 'multi_choice',
      required: true,
      label: both('الفئات العمرية', 'Age groups', 'Altersgruppen', 'Tranches d’âge'),
      options: [
        { label: both('من 6 إلى 8 سنوات', '6 to 8', '6 bis 8', '6 à 8 ans') },
        { label: both('من 9 إلى 12 سنة', '9 to 12', '9 bis 12', '9 à 12 ans') },
        { label: both('من 13 إلى 16 سنة', '13 to 16', '13 bis 16', '13 à 16 ans') },
      ],
    },
    { kind: 'email', required: true, label: both('البريد الإلكتروني', 'Email', 'E-Mail', 'E-mail') },
    { kind: 'phone', required: false, label: both('رقم الهاتف', 'Phone number', 'Telefonnummer', 'Téléphone') },
    {
      kind: 'date',
      required: false,
      label: both('تاريخ البدء المفضل', 'Preferred start date', 'Gewünschter Beginn', 'Date de début souhaitée'),
    },
  ],
});

/** Public pages' demo data: the published "join the programme" form with an answer, and a few kit orders. */
export async function seedPublicDemo(tx: Transaction, demo: DemoContext): Promise<void> {
  const adminId = demo.accounts.get(ROLE.admin)!;
  const { fields, nextKey } = withKeys(JOIN_FORM.fields);
  const [form] = await tx
    .insert(forms)
    .values({
      title: JOIN_FORM.title,
      description: JOIN_FORM.description ?? null,
      fields,
      nextKey,
      published: true,
      createdBy: adminId,
    })
    .returning();
  const [name, kind, children, ages, email] = fields;
  await tx.insert(formAnswers).values({
    formId: form.id,
    locale: 'ar',
    answers: {
      [name.name]: 'مدرسة الأمل الابتدائية',
      [kind.name]: kind.options![0].value,
      [children.name]: 120,
      [ages.name]: [ages.options![0].value, ages.options![1].value],
      [email.name]: 'info@alamal-school.example',
    },
  });
  await tx.insert(kitOrders).values([
    {
      email: 'principal@alnoor-school.example',
      entity: 'مدرسة النور الدولية',
      kitsNo: 40,
      contactName: 'منى عبد الله',
      phoneNumber: '+20 100 555 0101',
      address: '15 شارع التحرير، الدقي، الجيزة',
      comment: 'نرغب في البدء مع الفصل الدراسي الثاني',
      locale: 'ar',
    },
    {
      email: 'office@sunrise-centre.example',
      entity: 'Sunrise Learning Centre',
      kitsNo: 15,
      contactName: 'Omar Hassan',
      phoneNumber: '+971 4 555 0199',
      address: 'Al Wasl Road 22, Dubai',
      locale: 'en',
    },
    {
      email: 'info@delta-future.example',
      entity: 'Delta Future School',
      kitsNo: 25,
      contactName: 'Karim Said',
      phoneNumber: '+20 122 555 0123',
      address: 'Mansoura, Dakahlia',
      status: 'handled',
      note: "Delivered with the school's first term order",
      handledBy: adminId,
      handledAt: new Date(),
      locale: 'en',
    },
  ]);
}
