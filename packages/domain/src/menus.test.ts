import {
  isFlagOn,
  isProgramUserMenuFlag,
  isSubMenuTitle,
  PROGRAM_USER_MENU_FLAGS,
  SUB_MENU_TITLES,
} from './menus';

describe('PROGRAM_USER_MENU_FLAGS', () => {
  it('holds the 25 flags in specification order and spelling', () => {
    expect(PROGRAM_USER_MENU_FLAGS).toEqual([
      'manage_user',
      'self_service',
      'pipeline_status',
      'seminar_to_surgery',
      'alert_notification',
      'event',
      'contact',
      'our_team',
      'faq',
      'vitamin_supplement',
      'after_before',
      'videos',
      'diet',
      'instruction',
      'non_surgeries_wight',
      'program_logo',
      'support_services',
      'support_group',
      'join_us_facebook',
      'our_website',
      'Newsletter',
      'our_blog',
      'patient_portal',
      'online_seminar',
      'about_surgery',
    ]);
    expect(new Set(PROGRAM_USER_MENU_FLAGS).size).toBe(25);
  });

  it('recognises flags case-sensitively', () => {
    expect(isProgramUserMenuFlag('Newsletter')).toBe(true);
    expect(isProgramUserMenuFlag('newsletter')).toBe(false);
    expect(isProgramUserMenuFlag('non_surgeries_wight')).toBe(true);
    expect(isProgramUserMenuFlag('non_surgeries_weight')).toBe(false);
    expect(isProgramUserMenuFlag(1)).toBe(false);
  });
});

describe('SUB_MENU_TITLES', () => {
  it('holds the 24 titles in specification order', () => {
    expect(SUB_MENU_TITLES).toHaveLength(24);
    expect(new Set(SUB_MENU_TITLES).size).toBe(24);
    expect(SUB_MENU_TITLES[0]).toBe('Calendar');
    expect(SUB_MENU_TITLES[23]).toBe('About Surgery');
    expect(SUB_MENU_TITLES.slice(19, 22)).toEqual(['Patient Portal', 'Patient Portals', 'Education']);
  });

  it('spells FAQ’s with the typographic apostrophe U+2019', () => {
    expect(SUB_MENU_TITLES[3]).toBe('FAQ\u2019s');
    expect(SUB_MENU_TITLES[3]?.charCodeAt(3)).toBe(0x2019);
    expect(isSubMenuTitle('FAQ\u2019s')).toBe(true);
    expect(isSubMenuTitle("FAQ's")).toBe(false);
  });

  it('recognises titles exactly', () => {
    expect(isSubMenuTitle('Check My BMI')).toBe(true);
    expect(isSubMenuTitle('check my bmi')).toBe(false);
    expect(isSubMenuTitle('')).toBe(false);
  });
});

describe('isFlagOn', () => {
  it('treats 1, "1" and true as on', () => {
    expect(isFlagOn(1)).toBe(true);
    expect(isFlagOn('1')).toBe(true);
    expect(isFlagOn(true)).toBe(true);
  });

  it('treats everything else as off', () => {
    for (const value of [0, '0', false, null, undefined, '', 2, ' 1', 'yes']) {
      expect(isFlagOn(value)).toBe(false);
    }
  });
});
