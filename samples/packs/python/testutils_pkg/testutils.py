# A package's test utilities module (feldera's python/feldera/testutils.py,
# a held-out finding judged wrong): test code, no finding.
def generate_program(tables, views):
    sql = ""
    for view in views:
        sql += view.sql()
    return sql
