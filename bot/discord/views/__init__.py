"""Discord components: persistent DynamicItems and the Mayor editor."""
