const config = {
  rest: {
    // A list asked for without pagination returns every entry (the site relies on it, spec 7):
    // see src/utils/whole-list.ts. maxLimit caps explicitly paginated requests.
    defaultLimit: -1,
    maxLimit: 100,
    withCount: true,
  },
};

export default config;
