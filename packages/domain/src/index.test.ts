import * as domain from './index';

describe('index', () => {
  it('re-exports the names other packages import', () => {
    const required = [
      'USER_TYPES',
      'SUPER_ADMIN_ID',
      'SPECIAL_PROGRAM_ID',
      'PERMISSION_SLUGS',
      'PERMISSION_NAMES',
      'hasPermission',
      'STAGES',
      'stageLabel',
      'isStageId',
      'DEFAULT_THIRD_CHECKLIST_NAME',
      'PIPELINE_RULE_TYPES',
      'isPipelineRuleTypeId',
      'PROGRAM_USER_MENU_FLAGS',
      'SUB_MENU_TITLES',
      'FOOD_LOG_TABS',
      'MEAL_TYPES',
      'TOP_FOODS_LIMIT',
      'MEAL_CHART_SLICES',
      'servingSize',
      'nutrientValue',
      'mealValue',
      'dailyTotals',
      'averageOverNonZeroDays',
      'topFoods',
      'formatPhone',
      'isAlphanumeric',
      'formatDate',
      'formatTime',
      'formatAmount',
      'surgeryDateDifference',
      'bmi',
      'bmiFromImperial',
      'percentTotalWeightLoss',
      'idealWeightAtBmi',
      'percentExcessWeightLoss',
      'percentExcessBmiLoss',
      'round1',
      'SESSION_TIMEOUT_MINUTES',
      'SESSION_WARNING_MINUTES',
      'SESSION_WARNING_TIMER_MINUTES',
      'SESSION_TICK_MS',
      'NOTIFICATION_TIMEOUT_MS',
      'PAGE_TRANSITION_MS',
      'MENU_TRANSITION_MS',
      'MODAL_ANIMATION_MS',
      'RESIZE_DEBOUNCE_MS',
      'SIDEBAR_BREAKPOINT_PX',
      'PAGE_SIZE_OPTIONS',
      'DEFAULT_PAGE_SIZE',
      'PAGE_NUMBERS_AROUND_CURRENT',
      'DEFAULT_DYNAMIC_SECTION_STATUS',
      'defaultEventReminder',
      'RICH_TEXT_HEIGHTS',
      'CHUNK_LOAD_TIMEOUT_MS',
      'APP_STORE_REDIRECT_MS',
      'DEFAULT_MAX_INPUT_LENGTH',
      'PASSWORD_MIN_LENGTH',
      'DEFAULT_TROPHY_CARD',
      'DEFAULT_SUPER_ADMIN_STATUS',
      'DEFAULT_NOTIFICATION_STATUS',
      'DEFAULT_RECIPE_STATUS',
      'RECIPE_DRAFT_USER_ID',
      'pageWindow',
      'pageCount',
    ];
    const missing = required.filter((name) => !(name in domain));
    expect(missing).toEqual([]);
  });

  it('exposes working functions through the index', () => {
    expect(domain.formatPhone('+1 (555) 123-4567')).toBe('555-123-4567');
    expect(domain.stageLabel(2)).toBe('Post-Op');
  });
});
