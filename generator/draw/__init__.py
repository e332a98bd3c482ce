"""Drawing code: what each face, page and sheet looks like. It only draws, on the canvas it is
given, from the geometry and values it is given."""
