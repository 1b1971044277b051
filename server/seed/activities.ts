import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { gradeOf } from '../../domain/activities';
import { ROLE } from '../../domain/permissions';
import type { Transaction } from '../db/client';
import { titleSearchWords } from '../repositories/activities';
import {
  activities,
  activityLikes,
  children,
  feedback,
  groupMembers,
  groups,
  logs,
  messages,
  notifications,
} from '../db/schema';
import type { DemoContext } from './context';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/** A child's drawing for the demo: a sky, a sun, a house or waves, in the colours given. */
function drawing(sky: string, ground: string, shape: 'house' | 'waves' | 'flower' | 'robot'): Promise<Buffer> {
  const shapes = {
    house:
      '<rect x="120" y="150" width="160" height="110" fill="#e07a5f"/><polygon points="110,150 200,80 290,150" fill="#3d405b"/><rect x="180" y="200" width="40" height="60" fill="#f2cc8f"/>',
    waves:
      '<path d="M0 200 Q50 170 100 200 T200 200 T300 200 T400 200 V300 H0Z" fill="#3a86ff"/><path d="M0 230 Q50 200 100 230 T200 230 T300 230 T400 230 V300 H0Z" fill="#023e8a"/>',
    flower:
      '<circle cx="200" cy="170" r="30" fill="#ffbe0b"/><circle cx="160" cy="170" r="28" fill="#ff006e"/><circle cx="240" cy="170" r="28" fill="#ff006e"/><circle cx="200" cy="130" r="28" fill="#ff006e"/><circle cx="200" cy="210" r="28" fill="#ff006e"/><rect x="196" y="230" width="8" height="60" fill="#2d6a4f"/>',
    robot:
      '<rect x="150" y="110" width="100" height="80" rx="10" fill="#8d99ae"/><circle cx="180" cy="145" r="10" fill="#ef233c"/><circle cx="220" cy="145" r="10" fill="#ef233c"/><rect x="140" y="195" width="120" height="80" fill="#2b2d42"/>',
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${sky}"/><rect y="250" width="400" height="50" fill="${ground}"/><circle cx="340" cy="60" r="30" fill="#ffd166"/>${shapes[shape]}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface Story {
  title: string;
  message?: string;
  status: 0 | 1 | 2 | 3;
  badge?: number;
  scores?: [number, number, number, number];
  feedback?: string;
  teacherRate?: number;
  rate?: number;
  daysAgo: number;
  picture?: Parameters<typeof drawing>;
  resubmits?: string;
}

/** The demo family's first child's story: every status, badges, a resubmission. */
const STORIES: Story[] = [
  {
    title: 'My dream house',
    message: 'He drew it alone after school',
    status: 1,
    badge: 3,
    scores: [8, 7, 6, 8],
    feedback: 'A house full of ideas: the round windows are original.',
    teacherRate: 5,
    rate: 5,
    daysAgo: 150,
    picture: ['#bde0fe', '#95d5b2', 'house'],
  },
  {
    title: 'Colours of spring',
    status: 1,
    badge: 5,
    scores: [9, 9, 8, 9],
    feedback: 'Excellent use of colour and many different flowers.',
    teacherRate: 5,
    daysAgo: 95,
    picture: ['#caf0f8', '#74c69d', 'flower'],
  },
  {
    title: 'A robot that waters plants',
    message: 'His own invention',
    status: 2,
    badge: 2,
    scores: [7, 5, 6, 6],
    feedback: 'Good idea. Next time show how the water reaches the plants.',
    teacherRate: 4,
    rate: 4,
    daysAgo: 60,
    picture: ['#edf2f4', '#adb5bd', 'robot'],
  },
  {
    title: 'The sea at night',
    status: 3,
    feedback: 'Please add the moon and the stars, then hand it in again.',
    daysAgo: 30,
    picture: ['#14213d', '#003566', 'waves'],
  },
  {
    title: 'The sea at night (with the moon)',
    status: 0,
    daysAgo: 3,
    picture: ['#001d3d', '#003566', 'waves'],
    resubmits: 'The sea at night',
  },
  { title: 'A new animal', message: 'Half cat, half bird', status: 0, daysAgo: 1 },
];

/** Other members of the demo groups hand in a little each, so the overview's charts have shape. */
const OTHERS: Story[] = [
  {
    title: 'My school garden',
    status: 1,
    badge: 4,
    scores: [6, 7, 7, 7],
    feedback: 'Lovely details.',
    daysAgo: 120,
    picture: ['#d8f3dc', '#52b788', 'flower'],
  },
  { title: 'A house on the moon', status: 0, daysAgo: 5, picture: ['#212529', '#6c757d', 'house'] },
  {
    title: 'Boats and waves',
    status: 2,
    badge: 1,
    scores: [5, 6, 4, 5],
    feedback: 'Add more boats of different shapes.',
    daysAgo: 40,
    picture: ['#e0fbfc', '#3d5a80', 'waves'],
  },
];

/**
 * Activities demo data: the demo groups' members hand in work in every
 * status, evaluated with scores and badges; likes in the gallery; messages
 * between the teacher and the family; notifications; feedback. Images are
 * stored when the demo is seeded with a storage (server start), not in the
 * tests' template.
 */
export async function seedActivitiesDemo(tx: Transaction, demo: DemoContext): Promise<void> {
  const teacherId = demo.accounts.get(ROLE.teacher)!;
  const familyId = demo.accounts.get(ROLE.student)!;
  const adminId = demo.accounts.get(ROLE.admin)!;
  const members = await tx
    .select({
      groupId: groups.id,
      groupName: groups.name,
      courseId: groups.courseId,
      groupTeacher: groups.teacherId,
      childId: children.id,
      childName: children.name,
      parentId: children.parentId,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(children, eq(children.id, groupMembers.childId))
    .where(eq(groupMembers.status, 1))
    .orderBy(sql`coalesce(${children.parentId} = ${familyId}, false) desc`, groups.id, children.id)
    .limit(40);
  if (!members.length) return;

  const created: { id: number; story: Story; member: (typeof members)[number] }[] = [];
  for (const [index, member] of members.entries()) {
    const stories = index === 0 ? STORIES : OTHERS.slice(0, 1 + (index % OTHERS.length));
    const byTitle = new Map<string, number>();
    for (const story of stories) {
      const image =
        story.picture && demo.storage
          ? await demo.storage.saveImage('activities', await drawing(...story.picture))
          : null;
      const at = daysAgo(story.daysAgo + index);
      const evaluated = story.status !== 0;
      const [scoreO, scoreFl, scoreFx, scoreA] = story.scores ?? [];
      const [row] = await tx
        .insert(activities)
        .values({
          childId: member.childId,
          groupId: member.groupId,
          courseId: member.courseId,
          name: member.childName,
          title: story.title,
          searchText: titleSearchWords(story.title),
          message: story.message ?? null,
          image,
          status: story.status,
          badgeId: story.badge ?? 1,
          originality: scoreO ?? null,
          fluency: scoreFl ?? null,
          flexibility: scoreFx ?? null,
          activityScore: scoreA ?? null,
          grade: story.scores
            ? gradeOf({ originality: scoreO, fluency: scoreFl, flexibility: scoreFx, activity_score: scoreA })
            : null,
          feedback: story.feedback ?? null,
          teacherRate: story.teacherRate ?? null,
          rate: story.rate ?? null,
          teacherId: evaluated ? (member.groupTeacher ?? teacherId) : null,
          evaluatedAt: evaluated ? new Date(at.getTime() + DAY) : null,
          previousId: story.resubmits ? (byTitle.get(story.resubmits) ?? null) : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: activities.id });
      byTitle.set(story.title, row.id);
      created.push({ id: row.id, story, member });
      await tx.insert(logs).values({
        actorId: member.parentId,
        action: 'create',
        entity: 'activity',
        entityId: row.id,
        newValue: { id: row.id, child_id: member.childId, group_id: member.groupId, title: story.title },
        createdAt: at,
      });
      if (evaluated) {
        await tx.insert(logs).values({
          actorId: member.groupTeacher ?? teacherId,
          action: 'create',
          entity: 'evaluation',
          entityId: row.id,
          newValue: { status: story.status, badge_id: story.badge ?? 1 },
          createdAt: new Date(at.getTime() + DAY),
        });
      }
    }
  }

  const accepted = created.filter((c) => c.story.status === 1 || c.story.status === 2);
  const likes = accepted.flatMap((c, i) =>
    [adminId, teacherId, familyId].slice(0, 1 + (i % 3)).map((userId) => ({ activityId: c.id, userId })),
  );
  if (likes.length) await tx.insert(activityLikes).values(likes).onConflictDoNothing();

  const yours = created.filter((c) => c.member.parentId === familyId);
  const [m1] = await tx
    .insert(messages)
    .values({
      senderId: teacherId,
      recipientId: familyId,
      subject: 'About the sea at night',
      content: 'The waves are beautiful. Could you help him add the moon and the stars? Then hand it in again.',
      createdAt: daysAgo(29),
      readAt: daysAgo(28),
    })
    .returning({ id: messages.id });
  await tx.insert(messages).values([
    {
      senderId: familyId,
      recipientId: teacherId,
      replyToId: m1.id,
      subject: 'Re: About the sea at night',
      content: 'Thank you! He is drawing it again this week.',
      createdAt: daysAgo(28),
    },
    {
      senderId: adminId,
      recipientId: familyId,
      subject: 'Welcome to Neomi Academy',
      content: 'We are glad to have you. The gallery shows the best works of the groups.',
      createdAt: daysAgo(160),
    },
  ]);

  const evaluatedYours = yours.filter((c) => c.story.status !== 0);
  await tx.insert(notifications).values([
    ...evaluatedYours.map((c, i) => ({
      userId: familyId,
      type: 'activity_evaluated',
      actorId: teacherId,
      studentId: c.member.childId,
      params: { child: c.member.childName, title: c.story.title },
      link: `/activities/${c.id}/show`,
      readAt: i < evaluatedYours.length - 1 ? daysAgo(c.story.daysAgo - 2) : null,
      createdAt: daysAgo(c.story.daysAgo - 1),
    })),
    {
      userId: familyId,
      type: 'message',
      actorId: teacherId,
      params: { sender: 'Tarek Teacher', subject: 'About the sea at night' },
      link: `/message?id=${m1.id}`,
      readAt: daysAgo(28),
      createdAt: daysAgo(29),
    },
    ...created
      .filter((c) => c.story.status === 0)
      .map((c) => ({
        userId: c.member.groupTeacher ?? teacherId,
        type: 'activity_submitted',
        actorId: c.member.parentId,
        studentId: c.member.childId,
        params: { child: c.member.childName, title: c.story.title, group: c.member.groupName },
        link: `/activities/${c.id}/show`,
        createdAt: daysAgo(c.story.daysAgo),
      })),
    {
      userId: teacherId,
      type: 'message',
      actorId: familyId,
      params: { sender: 'Fatima Family', subject: 'Re: About the sea at night' },
      link: '/message',
      createdAt: daysAgo(28),
    },
  ]);

  await tx.insert(feedback).values([
    {
      userId: familyId,
      message: 'The gallery is lovely: my son shows it to his grandparents.',
      rating: 5,
      createdAt: daysAgo(20),
    },
    {
      userId: teacherId,
      message: 'Could the evaluation form remember my last badge?',
      rating: 4,
      createdAt: daysAgo(12),
      readAt: daysAgo(10),
    },
  ]);
}
