/**
 * The licence agreement a self-service practitioner accepts before using BariDesk. Plain data (no
 * markup) so the shell's terms modal and mf-auth's public /terms-and-conditions page show the same words.
 */

export type TermsSection = { heading: string; paragraphs: readonly string[] };

export type TermsAndConditions = {
  title: string;
  intro: readonly string[];
  sections: readonly TermsSection[];
  closing: string;
};

const TITLE = 'BariDesk Practitioner Licence Agreement';

const INTRO: readonly string[] = [
  'This Practitioner Licence Agreement (the "Agreement") is between BariDesk (“we”, “us”) and the bariatric program, practice or clinician who signs in to the BariDesk dashboard (“you”). It governs your use of the BariDesk web dashboard, the companion patient app as configured by you, and the related services (together, the “Service”).',
  'Please read it to the end. By ticking the box and choosing Accept you confirm that you have the authority to bind your program to this Agreement and that you accept it. If you do not accept it, choose Decline and you will be signed out.',
];

const SECTIONS: readonly TermsSection[] = [
  {
    heading: '1. The licence',
    paragraphs: [
      'We grant you a non-exclusive, non-transferable, revocable licence to use the Service for the purpose of running your bariatric program: managing your patients and their pipeline, checklists and events, sending messages to your patients, publishing educational content in the patient app and viewing reports about your program.',
      'The licence covers the members of your staff to whom you give an account. You are responsible for their use of the Service as if it were your own, and for removing their access when they leave your program.',
    ],
  },
  {
    heading: '2. Free of charge to practitioners',
    paragraphs: [
      'The Service is provided to practitioners free of charge. We do not charge you licence, subscription or per-patient fees for the features available to you today. Should we ever offer paid features, they will be optional, described separately, and never enabled without your express agreement in writing.',
      'Because the Service is free, some features may be offered in a limited form, and optional content such as sponsored resources, shop links or educational material supplied by third parties may appear in the patient app. Such content is clearly identified and you may switch most of it off in your menu settings.',
    ],
  },
  {
    heading: '3. Your account and security',
    paragraphs: [
      'Keep the credentials of every account confidential, use a strong password, and change it when asked to. Sessions end automatically after a period of inactivity. Tell us without delay at the support address in the Help menu if you suspect that an account has been used without your permission.',
      'You must keep the information in your program profile, including the program contact details shown to patients, accurate and up to date.',
    ],
  },
  {
    heading: '4. Patient and health data',
    paragraphs: [
      'You are the controller of the personal and health information of your patients that you or your patients enter into the Service (“Patient Data”), including weight, food, water and nutrition logs, surgery dates, checklists and notes. We process Patient Data only on your documented instructions and only to provide the Service to you.',
      'You confirm that you have a lawful basis, and where required the consent of each patient, to enter Patient Data into the Service and to invite patients to the patient app. Where the law that applies to you requires a business associate agreement or a data processing agreement, that agreement forms part of this Agreement and prevails over it for Patient Data.',
      'We protect Patient Data with appropriate technical and organisational measures: encryption in transit, hashed credentials, access limited to your own program, an audit record of every read or change of patient data, regular backups and staff bound by confidentiality. We do not sell Patient Data, and we do not use it for advertising.',
      'We will notify you without undue delay of any breach of security that affects Patient Data, together with the information you need to meet your own obligations towards patients and authorities.',
      'We may use Patient Data in aggregated and de-identified form, from which no patient or program can be identified, to operate, secure and improve the Service.',
    ],
  },
  {
    heading: '5. Clinical responsibility',
    paragraphs: [
      'The Service is an administrative and communication tool. It is not a medical device and does not give medical advice, diagnose or treat any condition. Reports, charts, reminders and automation rules support your work; they do not replace your professional judgement.',
      'You remain solely responsible for the clinical care of your patients and for the accuracy and suitability of the content and messages you publish or send through the Service. The Service is not intended for emergencies: tell your patients to contact emergency services when they need urgent help.',
    ],
  },
  {
    heading: '6. Acceptable use',
    paragraphs: [
      'You will not, and will not allow anyone to: use the Service for any unlawful purpose; send messages that are unsolicited, misleading or offensive; upload content that infringes the rights of others or contains malicious code; access or attempt to access the data of another program; probe, scan, overload or interfere with the Service or its security; or copy, modify, reverse engineer, resell or sublicense the Service.',
      'You will send messages to patients only in connection with their care and your program, and you will respect each patient’s choice to stop receiving them.',
    ],
  },
  {
    heading: '7. Your content',
    paragraphs: [
      'You keep all rights in the content you publish through the Service (program logo, contacts, team, FAQs, instructions, videos, guidelines and similar material). You grant us a licence to host, copy and display that content only as needed to show it to your staff and patients.',
      'We may remove content that breaches this Agreement or the law, and we will tell you when we do.',
    ],
  },
  {
    heading: '8. Availability and changes to the Service',
    paragraphs: [
      'We aim to keep the Service available at all times, but it is provided “as is” and “as available”: maintenance, updates and events beyond our control may interrupt it. We may change, add or remove features; we will give you reasonable notice before removing a feature that your program relies on.',
    ],
  },
  {
    heading: '9. Suspension and termination',
    paragraphs: [
      'You may stop using the Service and ask us to close your program’s accounts at any time.',
      'We may suspend or end your access, with notice where practicable, if you breach this Agreement, if your use puts the security of the Service or of other programs at risk, or if we are required to by law. We may also end the Service for all practitioners with at least 90 days’ notice.',
      'When the Agreement ends, your licence ends. For 60 days afterwards we will, on request, make your Patient Data available to you in a common electronic format; after that we will delete it, except where the law requires us to keep it.',
    ],
  },
  {
    heading: '10. Limitation of liability',
    paragraphs: [
      'To the fullest extent permitted by law, we are not liable for any indirect, incidental, special or consequential loss, loss of profits, revenue or goodwill, or for any loss arising from clinical decisions made with or without the Service.',
      'Because the Service is provided free of charge, our total liability to you arising out of or in connection with this Agreement in any twelve-month period is limited to one hundred US dollars (USD 100). Nothing in this Agreement limits liability that cannot be limited by law, including liability for fraud or for death or personal injury caused by negligence.',
    ],
  },
  {
    heading: '11. Indemnity',
    paragraphs: [
      'You will defend and hold us harmless against claims by third parties, including your patients, that arise from your content, your messages, your clinical care, or your breach of this Agreement or of the law.',
    ],
  },
  {
    heading: '12. Changes to this Agreement',
    paragraphs: [
      'We may update this Agreement from time to time. We will tell you of material changes in the dashboard before they take effect, and we may ask you to accept the updated Agreement before you continue to use the Service.',
    ],
  },
  {
    heading: '13. General',
    paragraphs: [
      'This Agreement, together with any data processing or business associate agreement referred to in section 4, is the entire agreement between you and us about the Service. If a provision is found unenforceable, the rest remains in force. A failure to enforce a provision is not a waiver. You may not assign this Agreement without our consent.',
      'Questions about this Agreement can be sent to us through the Help menu of the dashboard.',
    ],
  },
];

/** The closing line, shown after the last section: reaching it is what enables the checkbox. */
const CLOSING = 'By accepting, you confirm that you have read, understood and agree to this Agreement.';

export const TERMS_AND_CONDITIONS: TermsAndConditions = { title: TITLE, intro: INTRO, sections: SECTIONS, closing: CLOSING };
