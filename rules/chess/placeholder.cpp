int floe_rules_chess_placeholder_ = 0;
