/**
 * The demo's content library: for Northside (101) and the special program 302 (Riverbend), every
 * content type of the registry (contracts' content-menus.ts) with a few items a bariatric program would
 * publish, their categories and sub-categories where the type has them, a page for every page type, the
 * support group's menu text, and recipes in the programs' "Recipes" dynamic section. Program 302's
 * contacts are split between its two groups (weight_loss_type 1 Weight Management, 2 Weight Loss
 * Surgery). Rich text is written as the sanitiser would leave it (the content test checks), and there are
 * no images (a seed writes no files).
 */
import { and, eq } from 'drizzle-orm';
import {
  CONTACT_GROUPS,
  CONTENT_LIBRARY,
  DYNAMIC_SECTION_MENU,
  SUPPORT_GROUP_MENU_PAGE,
  type ContentListKey,
  type ContentPageKey,
} from '@baridesk/contracts';
import { SPECIAL_PROGRAM_ID } from '@baridesk/domain';
import type { Tx } from '../db/client';
import { contentCategories, contentItems, contentPages, contentSubCategories, dynamicContentSections } from '../db/schema';
import { addDays } from './patients';

const NORTHSIDE = 101;
/** The dynamic section (made by demo.ts for both programs) that gets the demo's recipes. */
export const DEMO_RECIPES_SECTION = 'Recipes';

interface SeedItem {
  title: string;
  subtitle?: string;
  body?: string;
  link?: string;
  video_url?: string;
  duration_minutes?: number;
  phone?: string;
  email?: string;
  address?: string;
  category?: string;
  sub?: string;
  /** Program 302's contacts: which group. */
  group?: 1 | 2;
  /** Switched off by staff (the app leaves it out). */
  off?: true;
}

interface SeedList {
  /** Categories in their order, each with its sub-categories. */
  categories?: readonly (readonly [name: string, subs?: readonly string[]])[];
  items: readonly SeedItem[];
}

interface SeedPage {
  title: string;
  link?: string;
  body?: string;
}

/** What the texts say of the program they belong to. */
interface ProgramFacts {
  id: number;
  name: string;
  phone: string;
  address: string;
  domain: string;
  website: string;
  city: string;
}

const FACTS: readonly ProgramFacts[] = [
  {
    id: NORTHSIDE,
    name: 'Northside Bariatrics',
    phone: '+1 312 555 0100',
    address: '2450 N Lakeview Medical Plaza, Suite 300, Chicago, IL 60614',
    domain: 'northside.test',
    website: 'https://www.northside-bariatrics.example.org',
    city: 'Chicago',
  },
  {
    id: SPECIAL_PROGRAM_ID,
    name: 'Riverbend Metabolic & Weight Loss Institute',
    phone: '+1 513 555 0100',
    address: '4777 E Galbraith Rd, Suite 210, Cincinnati, OH 45236',
    domain: 'program302.test',
    website: 'https://www.riverbend-metabolic.example.org',
    city: 'Cincinnati',
  },
];

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const ul = (...entries: string[]) => `<ul>${entries.map((text) => `<li>${text}</li>`).join('')}</ul>`;

/** Every list type's categories and items, in the words of the program `f`. */
function lists(f: ProgramFacts): Record<ContentListKey, SeedList> {
  const web = (path: string) => `${f.website}/${path}`;
  const mail = (name: string) => `${name}@${f.domain}`;
  return {
    contacts: {
      categories: [['Surgical Team'], ['Medical Weight Management'], ['Insurance and Billing']],
      items: [
        { title: 'Surgery Scheduling', subtitle: 'Surgical coordinator', phone: f.phone, email: mail('surgery'), address: f.address, category: 'Surgical Team', group: 2, body: p('Call to book your surgery date, pre-op testing and your first post-op visit.') },
        { title: 'Bariatric Nurse Line', subtitle: 'Questions after surgery, weekdays 8 AM to 5 PM', phone: f.phone, email: mail('nurse'), category: 'Surgical Team', group: 2, body: p('For fever over 101 °F, vomiting that does not stop, or pain that gets worse, call right away. After hours, go to the nearest emergency room.') },
        { title: 'Weight Management Clinic', subtitle: 'Medical weight loss appointments', phone: f.phone, email: mail('weight'), address: f.address, category: 'Medical Weight Management', group: 1 },
        { title: 'Registered Dietitian Team', subtitle: 'Nutrition visits and meal plans', email: mail('nutrition'), category: 'Medical Weight Management', group: 1 },
        { title: 'Insurance Coordinator', subtitle: 'Pre-authorisation and coverage questions', phone: f.phone, email: mail('insurance'), category: 'Insurance and Billing', group: 2, body: p('Bring your insurance card and a list of past diet attempts to your first visit; most plans ask for them before approving surgery.') },
      ],
    },
    doctors: {
      items: [
        { title: 'Dr. Elena Marquez, MD, FACS', subtitle: 'Bariatric and metabolic surgeon', email: mail('marquez'), body: p('Dr. Marquez has performed more than 3,000 sleeve gastrectomies and gastric bypasses and leads the program’s quality committee.') },
        { title: 'Dr. Samuel Ortiz, MD', subtitle: 'Obesity medicine physician', body: p('Dr. Ortiz runs the medical weight management clinic, including anti-obesity medications and follow-up of patients who regain weight.') },
        { title: 'Grace Liu, RD, LDN', subtitle: 'Bariatric dietitian', body: p('Grace guides patients through the pre-op liquid diet and every stage after surgery.') },
        { title: 'Marcus Bell, PsyD', subtitle: 'Health psychologist', body: p('Dr. Bell does the pre-surgical psychological evaluation and leads the emotional eating group.') },
      ],
    },
    faqs: {
      categories: [['Before Surgery'], ['After Surgery'], ['Diet and Vitamins']],
      items: [
        { title: 'Why do I need a liquid diet before surgery?', category: 'Before Surgery', body: p('Two weeks of a high-protein liquid diet shrinks the liver, which sits over the stomach. A smaller liver makes the operation safer and often shorter.', 'Aim for 60 to 80 grams of protein and at least 64 ounces of fluid a day.') },
        { title: 'How long will I be in the hospital?', category: 'Before Surgery', body: p('Most sleeve gastrectomy and gastric bypass patients go home the day after surgery, once they can drink enough fluid and walk on their own.') },
        { title: 'When can I go back to work?', category: 'After Surgery', body: p('Desk work: usually after one to two weeks. Jobs with heavy lifting: after four to six weeks, when your surgeon clears you.') },
        { title: 'Why does food get stuck, and what do I do?', category: 'After Surgery', body: p('Eating too fast, taking large bites or not chewing well can block the new stomach outlet. Stop eating, sip warm water slowly, and call the nurse line if it does not pass within an hour.') },
        { title: 'Which vitamins do I need after sleeve gastrectomy?', category: 'Diet and Vitamins', body: p('Every day, for life:') + ul('A bariatric multivitamin with iron (two adult doses)', 'Calcium citrate, 1,200 to 1,500 mg in divided doses', 'Vitamin B12, 350 to 500 mcg', 'Vitamin D3, 3,000 IU'), },
        { title: 'Can I drink with my meals?', category: 'Diet and Vitamins', body: p('No. Stop drinking 30 minutes before a meal and wait 30 minutes after. Fluids wash food through the pouch and leave less room for protein.') },
      ],
    },
    'vitamin-supplement': {
      categories: [
        ['Daily Essentials', ['Multivitamins', 'Minerals']],
        ['Specific Needs', ['Vitamin B12', 'Iron']],
      ],
      items: [
        { title: 'Bariatric multivitamin', subtitle: 'Two chewable tablets a day, with food', category: 'Daily Essentials', sub: 'Multivitamins', body: p('Choose one made for bariatric patients, with at least 18 mg of iron, 400 mcg of folic acid and thiamine. Chewable or liquid for the first three months.') },
        { title: 'Calcium citrate', subtitle: '500–600 mg three times a day', category: 'Daily Essentials', sub: 'Minerals', body: p('Take citrate, not carbonate: it is absorbed without stomach acid. Keep calcium and iron at least two hours apart.') },
        { title: 'Vitamin D3', subtitle: '3,000 IU a day', category: 'Daily Essentials', sub: 'Minerals' },
        { title: 'Vitamin B12', subtitle: '500 mcg a day under the tongue, or a monthly shot', category: 'Specific Needs', sub: 'Vitamin B12', body: p('After surgery the stomach makes less of the factor that absorbs B12. Low B12 causes tiredness and tingling in the hands and feet.') },
        { title: 'Iron with vitamin C', subtitle: '45–60 mg elemental iron, if your labs show you need it', category: 'Specific Needs', sub: 'Iron', link: web('shop/iron') },
      ],
    },
    'success-stories': {
      items: [
        { title: 'Maria walked her first 5K a year after her sleeve', subtitle: 'Maria, sleeve gastrectomy 2024', body: p('“I was on three blood pressure pills. Today I take none, and I finished the Lakefront 5K with my daughter.”') },
        { title: 'James is off insulin', subtitle: 'James, gastric bypass 2023', body: p('“Eighteen months after surgery my A1c is 5.6 and I have not needed insulin since the second month.”'), video_url: 'https://videos.example.org/stories/james' },
        { title: 'Diane: 90 pounds and a new hobby', subtitle: 'Diane, medical weight management', body: p('“The support group kept me going through the plateaus. Now I teach a beginners’ water aerobics class.”') },
      ],
    },
    videos: {
      categories: [['Preparing for Surgery'], ['Life After Surgery']],
      items: [
        { title: 'What to expect on the day of surgery', category: 'Preparing for Surgery', video_url: 'https://videos.example.org/bariatric/day-of-surgery', duration_minutes: 8, body: p('From check-in to the recovery room, with our surgical nurses.') },
        { title: 'The pre-op liquid diet, step by step', category: 'Preparing for Surgery', video_url: 'https://videos.example.org/bariatric/liquid-diet', duration_minutes: 12 },
        { title: 'Eating slowly: the 20-20-20 rule', category: 'Life After Surgery', video_url: 'https://videos.example.org/bariatric/eating-slowly', duration_minutes: 5, body: p('Twenty chews a bite, twenty seconds between bites, twenty minutes a meal.') },
        { title: 'Strength training after weight-loss surgery', category: 'Life After Surgery', video_url: 'https://videos.example.org/bariatric/strength', duration_minutes: 15 },
      ],
    },
    diet: {
      categories: [
        ['Pre-Op Diet', ['Liquid Phase']],
        ['Post-Op Stages', ['Stage 1: Clear Liquids', 'Stage 2: Full Liquids', 'Stage 3: Pureed', 'Stage 4: Soft Foods']],
      ],
      items: [
        { title: 'Two-week pre-op liquid diet', category: 'Pre-Op Diet', sub: 'Liquid Phase', body: p('Four to five protein shakes a day (at least 60 g of protein), plus sugar-free clear liquids. No solid food, no carbonated drinks.') + ul('Sugar-free gelatin and broth are allowed', 'Stop caffeine three days before surgery') },
        { title: 'Clear liquids (days 1–2)', category: 'Post-Op Stages', sub: 'Stage 1: Clear Liquids', body: p('Water, broth, sugar-free gelatin and decaf tea. Sip 1 ounce every 15 minutes while awake.') },
        { title: 'Full liquids (days 3–14)', category: 'Post-Op Stages', sub: 'Stage 2: Full Liquids', body: p('Protein shakes, skim milk, thin cream soups and plain Greek yogurt thinned with milk. Goal: 60 g of protein and 64 ounces of fluid a day.') },
        { title: 'Pureed foods (weeks 3–4)', category: 'Post-Op Stages', sub: 'Stage 3: Pureed', body: p('Foods blended to the texture of applesauce: scrambled eggs, cottage cheese, pureed chicken or fish, refried beans. Protein first at every meal.') },
        { title: 'Soft foods (weeks 5–8)', category: 'Post-Op Stages', sub: 'Stage 4: Soft Foods', body: p('Tender, moist foods you can cut with a fork: flaked fish, ground turkey, soft-cooked vegetables. Avoid bread, rice, pasta and tough meats for now.') },
      ],
    },
    instructions: {
      categories: [
        ['Before Your Surgery', ['The Week Before', 'Day of Surgery']],
        ['Going Home', ['Wound Care', 'Activity']],
      ],
      items: [
        { title: 'Medicines to stop before surgery', category: 'Before Your Surgery', sub: 'The Week Before', body: p('Stop aspirin, ibuprofen, naproxen and herbal supplements seven days before surgery. Ask your surgeon about blood thinners and diabetes medicines.') },
        { title: 'Nothing to eat or drink after midnight', category: 'Before Your Surgery', sub: 'Day of Surgery', body: p('Take only the medicines your surgeon told you to, with a sip of water. Arrive two hours before your surgery time.'), link: web('instructions/day-of-surgery.pdf') },
        { title: 'Caring for your incisions', category: 'Going Home', sub: 'Wound Care', body: p('You may shower 48 hours after surgery. Pat the incisions dry; no baths, pools or hot tubs for four weeks.') },
        { title: 'Walking and lifting', category: 'Going Home', sub: 'Activity', body: p('Walk every hour while awake on the first days at home. Do not lift more than 15 pounds for four weeks.'), video_url: 'https://videos.example.org/bariatric/walking' },
      ],
    },
    'non-surgical-weight-loss': {
      categories: [
        ['Medical Weight Management', ['Medications', 'Lifestyle']],
        ['Programs', ['Meal Replacement']],
      ],
      items: [
        { title: 'Anti-obesity medications', category: 'Medical Weight Management', sub: 'Medications', body: p('GLP-1 medications such as semaglutide and tirzepatide lower appetite and can bring 15–20% weight loss with diet and activity. Our physicians check whether they suit you and follow you monthly.') },
        { title: 'Your first 12 weeks: food, movement, sleep', category: 'Medical Weight Management', sub: 'Lifestyle', body: p('Small, lasting changes: a protein breakfast, 150 minutes of walking a week, seven hours of sleep, and a food log in the app.') },
        { title: 'Twelve-week meal replacement program', category: 'Programs', sub: 'Meal Replacement', body: p('Two shakes and one balanced meal a day, with a weekly weigh-in and a group class.'), link: web('meal-replacement') },
      ],
    },
    'support-service': {
      categories: [
        ['Mental Health', ['Counseling']],
        ['Fitness', ['Gyms and Classes']],
      ],
      items: [
        { title: 'Behavioral health counseling', subtitle: 'Our health psychology team', category: 'Mental Health', sub: 'Counseling', phone: f.phone, address: f.address, body: p('One-to-one sessions for emotional eating, body image and the changes surgery brings to relationships.') },
        { title: 'Crisis support', subtitle: '988 Suicide & Crisis Lifeline', category: 'Mental Health', sub: 'Counseling', phone: '988', link: 'https://988lifeline.org', body: p('Call or text 988, any time, day or night.') },
        { title: 'Aquatic fitness for beginners', subtitle: `${f.city} community pools`, category: 'Fitness', sub: 'Gyms and Classes', link: web('fitness'), body: p('Low-impact classes, twice a week, open to patients at any stage.') },
      ],
    },
    'support-group': {
      categories: [
        ['In Person', ['Post-Op']],
        ['Online', ['Evening Groups']],
      ],
      items: [
        { title: 'Post-op support group', subtitle: 'Every Tuesday, 6 to 7 PM', category: 'In Person', sub: 'Post-Op', address: f.address, phone: f.phone, body: p('Patients at any point after surgery share what works. Family members are welcome.') },
        { title: 'New beginnings: before surgery', subtitle: 'First Thursday of the month, 5:30 PM', category: 'In Person', sub: 'Post-Op', address: f.address, body: p('For patients preparing for surgery: meet people who have been through it.') },
        { title: 'Evening online group', subtitle: 'Second and fourth Wednesday, 7 PM', category: 'Online', sub: 'Evening Groups', link: 'https://meet.example.org/support-evening', body: p('Join from home by video. Cameras optional.') },
      ],
    },
    'member-portals': {
      items: [
        { title: 'MyChart', link: 'https://mychart.example.org', body: p('Test results, appointments and messages to your care team.') },
        { title: 'Insurance member portal', link: 'https://members.example.org', body: p('Check your coverage and the status of a pre-authorisation.') },
      ],
    },
    'about-surgery': {
      categories: [
        ['Procedures', ['Sleeve Gastrectomy', 'Gastric Bypass']],
        ['Risks and Recovery', ['Recovery']],
      ],
      items: [
        { title: 'Sleeve gastrectomy', category: 'Procedures', sub: 'Sleeve Gastrectomy', body: p('About 80% of the stomach is removed, leaving a narrow tube. Patients lose on average 60% of their excess weight in the first two years.'), video_url: 'https://videos.example.org/bariatric/sleeve' },
        { title: 'Roux-en-Y gastric bypass', category: 'Procedures', sub: 'Gastric Bypass', body: p('A small stomach pouch is joined to the small intestine. It works well for type 2 diabetes and severe reflux.') },
        { title: 'Recovery timeline', category: 'Risks and Recovery', sub: 'Recovery', body: p('Home after one night; back to desk work in one to two weeks; full activity at six weeks.') + ul('Week 1: clear and full liquids', 'Weeks 3–4: pureed foods', 'Week 6: most activities') },
        { title: 'Revision surgery', category: 'Procedures', sub: 'Gastric Bypass', body: p('For weight regain or reflux after an earlier operation.'), off: true },
      ],
    },
    'resource-manager': {
      categories: [
        ['Reading', ['Articles']],
        ['Tools', ['Trackers']],
      ],
      items: [
        { title: 'ASMBS: life after bariatric surgery', category: 'Reading', sub: 'Articles', link: 'https://asmbs.org/patients/life-after-bariatric-surgery', duration_minutes: 10, body: p('The American Society for Metabolic and Bariatric Surgery’s guide for patients.') },
        { title: 'Protein and fluid tracker (printable)', category: 'Tools', sub: 'Trackers', link: web('resources/protein-fluid-tracker.pdf'), duration_minutes: 5 },
        { title: 'Reading food labels after surgery', category: 'Reading', sub: 'Articles', link: web('resources/food-labels'), duration_minutes: 7 },
      ],
    },
  };
}

/** Every page type's record (and the support group's menu text). */
function pages(f: ProgramFacts): Record<ContentPageKey | typeof SUPPORT_GROUP_MENU_PAGE, SeedPage> {
  const web = (path: string) => `${f.website}/${path}`;
  return {
    'diabetes-website': { title: 'Diabetes and weight-loss surgery', link: web('diabetes'), body: p('Many patients with type 2 diabetes need less medicine within days of surgery. Check your blood sugar as your care team told you, and never stop insulin on your own.') },
    'program-logo': { title: f.name },
    'bmi-website': { title: 'Check your BMI', link: web('bmi-calculator'), body: p('A BMI of 40 or more, or 35 or more with a condition such as diabetes or sleep apnea, usually qualifies for surgery.') },
    'join-our-facebook': { title: `${f.name} community`, link: 'https://www.facebook.com/groups/example-bariatric-community', body: p('A private group for our patients, moderated by our staff.') },
    'shop-website': { title: 'Bariatric shop', link: web('shop'), body: p('Vitamins, protein shakes and portion plates our dietitians recommend.') },
    'our-website': { title: f.name, link: f.website, body: p('Locations, hours and how to refer a patient.') },
    'newsletter-website': { title: 'Monthly newsletter', link: web('newsletter'), body: p('Recipes, success stories and upcoming events, once a month.') },
    'blog-website': { title: 'Our blog', link: web('blog'), body: p('Articles from our surgeons, dietitians and patients.') },
    'patient-portal': { title: 'Patient portal', link: 'https://mychart.example.org', body: p('Sign in to see your results and message your care team.') },
    'education-website': { title: 'Patient education', link: web('education'), body: p('Required reading before your consultation, with a short quiz at the end.') },
    'online-seminar': { title: 'Free online information seminar', link: web('seminar'), body: p('Watch the 45-minute seminar with our surgeons, then book your first consultation.') },
    [SUPPORT_GROUP_MENU_PAGE]: { title: 'Support groups', body: p('Patients who attend support groups keep more weight off. Every group is free and open to family members.') },
  };
}

/** One program's recipes, in its "Recipes" dynamic section. */
const RECIPES: SeedList = {
  categories: [['Breakfast'], ['Lunch and Dinner', ['Pureed Stage', 'Soft Foods Stage']]],
  items: [
    { title: 'Protein pancakes', category: 'Breakfast', body: p('One scoop of vanilla protein powder, one egg, two tablespoons of mashed banana. Cook small pancakes on a non-stick pan. 22 g protein.') },
    { title: 'Ricotta bake', category: 'Lunch and Dinner', sub: 'Pureed Stage', body: p('Part-skim ricotta, parmesan, an egg and marinara, baked for 20 minutes. Soft enough for stage 3.') },
    { title: 'Turkey chili', category: 'Lunch and Dinner', sub: 'Soft Foods Stage', body: p('Lean ground turkey, beans and tomatoes, simmered until soft. Freeze in half-cup portions.') },
  ],
};

/**
 * Inserts the content of Northside and program 302 (after demo.ts made the programs and their sections).
 * Returns how many items it added.
 */
export async function insertDemoContent(tx: Tx, now: Date): Promise<number> {
  const stamps = { created_at: addDays(now, -60), updated_at: addDays(now, -60) };
  let count = 0;
  for (const f of FACTS) {
    const sections = await tx
      .select({ id: dynamicContentSections.id })
      .from(dynamicContentSections)
      .where(and(eq(dynamicContentSections.program_id, f.id), eq(dynamicContentSections.name, DEMO_RECIPES_SECTION)));
    const library = lists(f);
    const groups: { menu: string; sectionId: number | null; list: SeedList }[] = [
      ...CONTENT_LIBRARY.flatMap((type) => (type.shape === 'list' ? [{ menu: type.key, sectionId: null, list: library[type.key] }] : [])),
      ...sections.map((s) => ({ menu: DYNAMIC_SECTION_MENU, sectionId: s.id, list: RECIPES })),
    ];
    count += await insertLists(tx, f, groups, stamps);
    await tx.insert(contentPages).values(
      Object.entries(pages(f)).map(([page, value]) => ({ program_id: f.id, page, title: value.title, link: value.link ?? null, body: value.body ?? null, updated_by: f.id, ...stamps })),
    );
  }
  return count;
}

async function insertLists(
  tx: Tx,
  f: ProgramFacts,
  groups: readonly { menu: string; sectionId: number | null; list: SeedList }[],
  stamps: { created_at: Date; updated_at: Date },
): Promise<number> {
  const where = (menu: string, sectionId: number | null, name: string) => `${menu}\u0000${sectionId ?? ''}\u0000${name}`;
  const categoryRows = groups.flatMap(({ menu, sectionId, list }) =>
    (list.categories ?? []).map(([name], i) => ({ program_id: f.id, menu, section_id: sectionId, name, order_index: i + 1, ...stamps })),
  );
  const categoryIds = new Map<string, number>();
  if (categoryRows.length > 0) {
    const made = await tx.insert(contentCategories).values(categoryRows).returning({ id: contentCategories.id, menu: contentCategories.menu, section: contentCategories.section_id, name: contentCategories.name });
    for (const row of made) categoryIds.set(where(row.menu, row.section, row.name), row.id);
  }
  const subRows = groups.flatMap(({ menu, sectionId, list }) =>
    (list.categories ?? []).flatMap(([name, subs = []]) =>
      subs.map((sub, i) => ({ program_id: f.id, menu, section_id: sectionId, category_id: categoryIds.get(where(menu, sectionId, name)) as number, name: sub, order_index: i + 1, ...stamps })),
    ),
  );
  const subIds = new Map<string, number>();
  if (subRows.length > 0) {
    const made = await tx.insert(contentSubCategories).values(subRows).returning({ id: contentSubCategories.id, menu: contentSubCategories.menu, section: contentSubCategories.section_id, name: contentSubCategories.name });
    for (const row of made) subIds.set(where(row.menu, row.section, row.name), row.id);
  }
  const special = f.id === SPECIAL_PROGRAM_ID;
  const itemRows = groups.flatMap(({ menu, sectionId, list }) =>
    list.items.map((item, i) => ({
      program_id: f.id,
      menu,
      section_id: sectionId,
      category_id: item.category ? (categoryIds.get(where(menu, sectionId, item.category)) as number) : null,
      sub_category_id: item.sub ? (subIds.get(where(menu, sectionId, item.sub)) as number) : null,
      title: item.title,
      subtitle: item.subtitle ?? null,
      body: item.body ?? null,
      link: item.link ?? null,
      video_url: item.video_url ?? null,
      duration_minutes: item.duration_minutes ?? null,
      phone: item.phone ?? null,
      email: item.email ?? null,
      address: item.address ?? null,
      // Only the special program's contacts carry their group.
      weight_loss_type: special && menu === 'contacts' ? (item.group ?? CONTACT_GROUPS.weightLossSurgery) : null,
      status: item.off ? 0 : 1,
      order_index: i + 1,
      created_by: f.id,
      ...stamps,
    })),
  );
  await tx.insert(contentItems).values(itemRows);
  return itemRows.length;
}
