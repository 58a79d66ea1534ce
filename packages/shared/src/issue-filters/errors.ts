/**
 * A bad filter, order or grouping parameter. The server answers 400 `{message, code}`
 * (wire-facts §6.1), e.g. `{"message":"Filtering on field 'foo' is not allowed","code":"invalid_filter_field"}`.
 */
export class FilterError extends Error {
  constructor(
    message: string,
    public code: FilterErrorCode,
  ) {
    super(message);
    this.name = "FilterError";
  }
}

export type FilterErrorCode =
  | "invalid_json"
  | "invalid_filter_type"
  | "invalid_filter_node"
  | "empty_filter_object"
  | "max_depth_exceeded"
  | "multiple_logical_operators"
  | "mixed_operator_and_fields"
  | "invalid_operator_children"
  | "invalid_operator_child_type"
  | "invalid_not_child"
  | "invalid_filter_field"
  | "invalid_filter_value"
  | "invalid_filterset"
  | "invalid_value_type"
  | "empty_list_value";
