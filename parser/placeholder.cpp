int floe_parser_placeholder_ = 0;
