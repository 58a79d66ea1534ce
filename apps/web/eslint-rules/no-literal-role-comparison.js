/**
 * ESLint rule `stride/no-literal-role-comparison`: screens ask the shared permission table (`useCan`,
 * `usePermissions`, `mayTake`, `rolesUpTo`, the navigation table), never compare roles themselves. It reports
 * a comparison (`===`, `!==`, `==`, `!=`, `<`, `<=`, `>`, `>=`) where one side is a role constant (`ROLE.ADMIN`)
 * or a role number (5, 15, 20) and the other side reads a role (a name containing "role", e.g. `role`,
 * `member_role`, `m.role`, `(p.member_role ?? 0)`).
 */
const COMPARISON = new Set(["===", "!==", "==", "!=", "<", "<=", ">", ">="]);
const ROLE_NUMBERS = new Set([5, 15, 20]);

/** The expression without parentheses-like wrappers: `x ?? 0`, `x || 0`, `x as T`, `x!` read as `x`. */
function unwrap(node) {
  let n = node;
  for (;;) {
    if (n.type === "LogicalExpression" && (n.operator === "??" || n.operator === "||")) n = n.left;
    else if (n.type === "TSAsExpression" || n.type === "TSNonNullExpression" || n.type === "TSSatisfiesExpression")
      n = n.expression;
    else if (n.type === "ChainExpression") n = n.expression;
    else return n;
  }
}

function isRoleConstant(node) {
  const n = unwrap(node);
  return n.type === "MemberExpression" && n.object.type === "Identifier" && n.object.name === "ROLE";
}

function readsRole(node) {
  const n = unwrap(node);
  if (n.type === "Identifier") return /role/i.test(n.name);
  if (n.type === "MemberExpression" && !n.computed && n.property.type === "Identifier")
    return /role/i.test(n.property.name);
  return false;
}

const isRoleNumber = (node) => node.type === "Literal" && ROLE_NUMBERS.has(node.value);

export default {
  meta: {
    type: "problem",
    docs: { description: "Screens decide with the shared permission table (useCan), not by comparing roles" },
    messages: {
      literal:
        "Do not compare roles in a screen: ask the shared permission table (useCan / usePermissions from lib/permissions.ts, mayTake, rolesUpTo or the navigation table).",
    },
    schema: [],
  },
  create(context) {
    return {
      BinaryExpression(node) {
        if (!COMPARISON.has(node.operator)) return;
        const { left, right } = node;
        const literal =
          isRoleConstant(left) ||
          isRoleConstant(right) ||
          (isRoleNumber(right) && readsRole(left)) ||
          (isRoleNumber(left) && readsRole(right));
        if (literal) context.report({ node, messageId: "literal" });
      },
    };
  },
};
