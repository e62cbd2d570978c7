int floe_formats_placeholder_ = 0;
