// A remote is not a page of its own: the shell loads its ./routes module. Nothing to start here.
export {};
