require('@testing-library/jest-dom');

// findBy… and waitFor give up after 1 s by default. On CI's two cores, with two jest workers rendering Chakra
// screens side by side, a screen that needs three answers of the fake API can take longer than that, and the
// test fails for the load, not for the screen (seen on the report and template screens). Waiting longer costs
// nothing when the screen is right: the wait ends as soon as the expectation holds.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

